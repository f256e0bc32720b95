import { notFound } from '../../platform/http/errors.js';
import type { LiveDocumentSource, LiveWorkRef } from '../containers/containers.service.js';
import { ContentErrors } from './content.errors.js';
import type { ContentService } from './content.service.js';

// Content as the containers module sees it: an instance allocated with the browser's own configuration is
// for a work (collection) the caller may read, and live tests that are not a project task's name a widget of
// a lesson (author / collection / page / widget id, as the containers API's path segments). Either must exist
// for the caller, the draft when an author works from the editor.

const isId = (value: string) => /^\d{1,15}$/.test(value);

export function createLessonLiveDocuments(
  content: Pick<ContentService, 'requireWidget' | 'viewById'>,
): LiveDocumentSource {
  return {
    async requireWork(userId: number, ref: Pick<LiveWorkRef, 'authorId' | 'workId'>, draft: boolean) {
      if (![ref.authorId, ref.workId].every(isId)) throw notFound(ContentErrors.NotFound);
      await content.viewById(userId, Number(ref.authorId), Number(ref.workId), draft);
    },

    async require(userId: number, ref: LiveWorkRef, isEditor: boolean) {
      if (![ref.authorId, ref.workId, ref.pageId].every(isId)) throw notFound(ContentErrors.NotFound);
      await content.requireWidget(userId, {
        author_id: Number(ref.authorId),
        collection_id: Number(ref.workId),
        page_id: Number(ref.pageId),
        comp_id: ref.docId,
        draft: isEditor,
      });
    },
  };
}
