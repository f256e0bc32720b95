import { TaskCompletion } from '@coderoom/domain';

// Pure rules of cloud labs: task status, progress, and what of a check's output may reach the browser.

/** Environment variables holding the spec's lab variables inside the learner's instance. */
export const LabVariableEnv = {
  access_key_id: 'ACCESS_KEY_ID',
  secret_access_key: 'SECRET_ACCESS_KEY',
} as const;

/** A check's output is capped: it is feedback, not a log. */
export const CHECK_OUTPUT_LIMIT = 4000;

export type LabTaskStatus = (typeof TaskCompletion)[keyof typeof TaskCompletion];

export function statusOf(taskStatus: Record<string, string> | undefined, taskId: number): LabTaskStatus {
  return taskStatus?.[String(taskId)] === TaskCompletion.Completed
    ? TaskCompletion.Completed
    : TaskCompletion.Default;
}

export function progressOf(taskIds: number[], progress: { taskStatus: Record<string, string> } | undefined) {
  const completed = taskIds.filter(
    (taskId) => statusOf(progress?.taskStatus, taskId) === TaskCompletion.Completed,
  ).length;
  return {
    is_begun: progress !== undefined,
    completed,
    total: taskIds.length,
    is_done: taskIds.length > 0 && completed === taskIds.length,
  };
}

/**
 * What the learner sees of a check's output: the lab's variable values masked (a check that prints the
 * environment must not put a secret into an HTTP answer) and the text capped.
 */
export function presentCheckOutput(output: string, secrets: string[]): string {
  let text = output;
  for (const secret of secrets) if (secret) text = text.split(secret).join('********');
  return text.length > CHECK_OUTPUT_LIMIT ? `${text.slice(0, CHECK_OUTPUT_LIMIT)}\n… (output cut)` : text;
}

/** The caller's organization memberships, as far as cloud labs are concerned (spec 001 §3). */
export interface CloudLabAccess {
  memberships: Array<{ organizationId: number; canAccessCloudlabs: boolean }>;
  /** The organization the caller works in now; null on the platform itself. */
  activeOrganizationId: number | null;
}

/**
 * The capability flag `can_access_cloudlabs`: everyone on the platform may use cloud labs; inside an
 * organization, its membership says so (an organization that has not enabled cloud labs hides them).
 * A membership that cannot be found for the active organization denies: never more than the organization gave.
 */
export function canAccessCloudLabs(access: CloudLabAccess): boolean {
  if (access.activeOrganizationId === null) return true;
  const membership = access.memberships.find(
    (candidate) => candidate.organizationId === access.activeOrganizationId,
  );
  return membership?.canAccessCloudlabs === true;
}

/** A starter file path: relative, no `..`, at most 8 levels (what the instance accepts). */
export function isWorkspacePath(value: string): boolean {
  const parts = value.split('/');
  return (
    !value.startsWith('/') &&
    parts.length <= 8 &&
    parts.every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\0'))
  );
}
