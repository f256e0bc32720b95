import type { ProjectTypeName, SaveProjectComponentRequestSchema } from '@coderoom/contracts';
import {
  DOCKER_IMAGE_NAME_INVALID,
  isValidDockerImageName,
  ProjectAttemptMode,
  ProjectType,
} from '@coderoom/domain';
import type { z } from 'zod';
import { ProjectErrors } from './projects.errors.js';
import type { ComponentRow, ProgressRow } from './projects.repository.js';

// The rules of projects, as plain functions: how a task is completed, what a guided attempt shows, and
// what a saved task must hold (spec 000 §5).

export type Completion = 'check' | 'evaluate' | 'mark_done' | 'live_tests';

/** Terminal and workspace tasks run in a live instance (apps/server/src/modules/containers). */
const LIVE_TYPES: ReadonlySet<ProjectTypeName> = new Set([ProjectType.Terminal, ProjectType.Workspace]);

export function isLiveType(type: ProjectTypeName): boolean {
  return LIVE_TYPES.has(type);
}

/** Every type of the spec is offered; kept as the one place to switch a type off again. */
export function isTypeAvailable(_type: ProjectTypeName): boolean {
  return true;
}

/**
 * A code task with test cases completes when the learner's code passes them; a code evaluation when its
 * output on the protected input matches; anything else (RunJS, SPA, URL, untested code) when the
 * learner marks it done.
 */
export function completionOf(component: ComponentRow): Completion {
  if (isLiveType(component.type)) {
    return (component.protectedContent.live_tests?.length ?? 0) > 0 ? 'live_tests' : 'mark_done';
  }
  if (component.type === ProjectType.CodeEvaluation) return 'evaluate';
  if (component.type === ProjectType.CodeWidget) {
    const tests =
      (component.content.codeContent?.testCases.length ?? 0) + component.protectedContent.test_cases.length;
    if (tests > 0) return 'check';
  }
  return 'mark_done';
}

/** The guide is step-by-step help: guided attempts (2001) and editors see it, unguided ones (2002) do not. */
export function canSeeGuide(progress: ProgressRow | undefined, canEdit: boolean): boolean {
  return canEdit || progress?.mode === ProjectAttemptMode.Guided;
}

/** Work counts only in a begun attempt, and only in the attempt the page was opened in. */
export function attemptProblem(
  progress: ProgressRow | undefined,
  currentAttempt: number,
): keyof typeof ProjectErrors | null {
  if (!progress || progress.mode === null) return 'NotBegun';
  if (progress.currentAttempt !== currentAttempt) return 'StaleAttempt';
  return null;
}

/** A workspace path: relative, no `..`, at most 8 levels (what the instance accepts). */
function isSafeRelativePath(value: string): boolean {
  const parts = value.split('/');
  return (
    !value.startsWith('/') &&
    parts.length <= 8 &&
    parts.every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\0'))
  );
}

function isValidUrl(value: string | null): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Field → message for everything wrong with a task an editor saves; empty when it may be stored. */
export function componentProblems(
  request: z.output<typeof SaveProjectComponentRequestSchema>,
  projectFileIds: ReadonlySet<number>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isTypeAvailable(request.type)) problems.type = ProjectErrors.TypeUnavailable;
  if (request.type === ProjectType.UrlIframe && !isValidUrl(request.url))
    problems.url = ProjectErrors.InvalidUrl;
  if (
    (request.type === ProjectType.CodeWidget || request.type === ProjectType.CodeEvaluation) &&
    !request.codeContent
  ) {
    problems.codeContent = ProjectErrors.CodeContentRequired;
  }
  if (isLiveType(request.type)) {
    if (!request.live) problems.live = ProjectErrors.LiveSettingsRequired;
    else if (!isValidDockerImageName(request.live.image)) problems.live = DOCKER_IMAGE_NAME_INVALID;
    else if (request.live.files.some((file) => !isSafeRelativePath(file.path))) {
      problems.live = ProjectErrors.LiveFilePathInvalid;
    }
    if (request.type === ProjectType.Workspace && !request.live?.app_port) {
      problems.app_port = ProjectErrors.AppPortRequired;
    }
  }
  if (request.type === ProjectType.CodeEvaluation) {
    const { evaluationInputFileId: input, evaluationOutputFileId: output } = request.protected_content;
    if (input === null || !projectFileIds.has(input)) {
      problems.evaluationInputFileId = ProjectErrors.EvaluationInputRequired;
    }
    if (output === null || !projectFileIds.has(output)) {
      problems.evaluationOutputFileId = ProjectErrors.EvaluationOutputRequired;
    }
  }
  return problems;
}
