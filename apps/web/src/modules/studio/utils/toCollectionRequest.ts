import type { UpdateCollectionRequest } from '@coderoom/contracts';
import { DefaultTitle } from '@coderoom/domain';
import type { CollectionDraft, LessonDraft } from './toCollectionDraft';

const listOf = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

const entriesOf = (lessons: LessonDraft[]) =>
  lessons.map((lesson) => ({
    page_id: lesson.page_id,
    title: lesson.title.trim() || DefaultTitle.Lesson,
    is_optional: lesson.is_optional,
    is_preview: lesson.is_preview,
  }));

/** The PUT body for the whole editor: details and the full TOC, hidden category first. */
export function toCollectionRequest(draft: CollectionDraft): UpdateCollectionRequest {
  return {
    title: draft.title.trim(),
    summary: draft.summary,
    ...(draft.cover_image_url === undefined ? {} : { cover_image_url: draft.cover_image_url }),
    difficulty: draft.difficulty,
    tags: [...new Set(listOf(draft.tags, /,/))],
    skills: listOf(draft.skills, /\n/),
    target_audience: listOf(draft.target_audience, /\n/),
    takeaway_skills: listOf(draft.takeaway_skills, /\n/),
    ...(draft.prerequisites === undefined ? {} : { prerequisites: listOf(draft.prerequisites, /\n/) }),
    overview: draft.overview,
    ...(draft.is_collaborative === undefined ? {} : { enable_collaborative_editor: draft.is_collaborative }),
    toc: [
      { title: DefaultTitle.HiddenCategory, pages: entriesOf(draft.loose) },
      ...draft.categories.map((category) => ({
        title: category.title.trim(),
        pages: entriesOf(category.lessons),
      })),
    ],
  };
}
