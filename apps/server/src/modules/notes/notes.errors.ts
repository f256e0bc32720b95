import { ErrorMessages, ErrorStatus } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';
import { versionOutdated } from '../../platform/http/etag.js';

/** The notes module's failures. A note of someone else's is reported exactly like a missing one. */
export const NoteErrors = {
  highlightNotFound: () => new AppError(ErrorStatus.NotFound, ErrorMessages.HighlightNotFound),
  /** An edit or delete based on an older version of the note (spec: version mismatch, 505). */
  versionOutdated: () =>
    versionOutdated({ etag: 'This note was changed elsewhere. Reload it before editing.' }),
  widgetNotInLesson: () =>
    new AppError(ErrorStatus.OperationNotAllowed, 'This widget is not part of the lesson.', {
      widget_id: 'This widget is not part of the lesson.',
    }),
} as const;
