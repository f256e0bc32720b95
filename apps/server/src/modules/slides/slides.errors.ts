import { ErrorStatus } from '@coderoom/domain';
import { AppError, invalidInput } from '../../platform/http/errors.js';

// The spec names no texts for slides data (000 §7 lists only the calls); ours say what to fix.
export const SlidesMessages = {
  NotSlides: 'This widget is not a slides widget.',
  frameOutOfRange: (frameCount: number) =>
    `Frame must be from 0 to ${frameCount - 1}: these slides have ${frameCount} frames.`,
} as const;

export const SlidesErrors = {
  notSlides: () =>
    new AppError(ErrorStatus.OperationNotAllowed, SlidesMessages.NotSlides, {
      comp_id: SlidesMessages.NotSlides,
    }),
  frameOutOfRange: (frameCount: number) =>
    invalidInput({ frame: SlidesMessages.frameOutOfRange(frameCount) }),
} as const;
