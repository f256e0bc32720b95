import {
  ANDROID_UNAVAILABLE_REASON,
  ContainerMessages,
  DesktopMessages,
  ErrorStatus,
  LiveSandboxMessages,
  STOP_INSTANCE_KEY_PREFIX,
} from '@coderoom/domain';
import { AppError, invalidInput } from '../../platform/http/errors.js';

/** A sandbox that may be stopped to make room, as a refusal lists it. */
export interface RunningSandbox {
  instanceId: string;
  label: string;
}

/**
 * Starting one more sandbox was refused because of the others running; `errors` lists them (`stop.{id}` →
 * label) so the page can offer to stop one. Run tests passes this on instead of calling it a failed allocation.
 */
export class SandboxConflictError extends AppError {
  constructor(text: string, running: RunningSandbox[]) {
    super(
      ErrorStatus.AlreadyExists,
      text,
      Object.fromEntries(
        running.map((entry) => [`${STOP_INSTANCE_KEY_PREFIX}${entry.instanceId}`, entry.label]),
      ),
    );
  }
}

/** The containers module's failures, with the spec's messages (§5, §8). */
export const ContainersErrors = {
  runTestsIdsRequired: () =>
    new AppError(ErrorStatus.OperationNotAllowed, ContainerMessages.RunTestsIdsRequired),
  pollingParamsRequired: () =>
    new AppError(ErrorStatus.OperationNotAllowed, ContainerMessages.PollingParamsRequired),
  secondCloudLab: (lab: RunningSandbox) =>
    new SandboxConflictError(LiveSandboxMessages.SecondCloudLab(lab.label), [lab]),
  sandboxLimit: (limit: number, running: RunningSandbox[]) =>
    new SandboxConflictError(
      LiveSandboxMessages.AtLimit(
        limit,
        running.map((entry) => entry.label),
      ),
      running,
    ),
  allocationFailed: () => new AppError(ErrorStatus.ExternalServiceFailed, ContainerMessages.AllocationFailed),
  androidUnavailable: () =>
    new AppError(ErrorStatus.ExternalServiceFailed, ContainerMessages.AllocationFailed, {
      emulator: ANDROID_UNAVAILABLE_REASON,
    }),
  noAppFound: (instanceId: string) =>
    new AppError(ErrorStatus.NotFound, `${ContainerMessages.NoAppFound} ${instanceId}`),
  portNotAllowed: (port: number) =>
    new AppError(
      ErrorStatus.OperationNotAllowed,
      `Port ${port} cannot be opened: use a port from 3000 to 8799 or from 9300 to 65535.`,
    ),
  originRefused: () =>
    new AppError(ErrorStatus.AccessDenied, 'A terminal can only be opened from a Coderoom page.'),
  appSocketOriginRefused: () =>
    new AppError(ErrorStatus.AccessDenied, 'Your app can only be opened from a Coderoom page.'),
  appRefused: () => new AppError(ErrorStatus.ExternalServiceFailed, ContainerMessages.AppRefused),
  appNoResponse: () => new AppError(ErrorStatus.ExternalServiceFailed, ContainerMessages.NoResponse),
  unknownJob: (key: string) =>
    invalidInput({ job: `The Docker configuration has no job with the key "${key}".` }),
  filePathInvalid: (field: string) =>
    invalidInput({ [field]: 'File paths must be relative paths inside the workspace.' }),
  invalidConfig: (errors: Record<string, string>) => invalidInput(errors),
  noDesktop: () => new AppError(ErrorStatus.AlreadyExists, DesktopMessages.NoDesktop),
  desktopFailed: (reason: string) =>
    new AppError(
      ErrorStatus.ExternalServiceFailed,
      DesktopMessages.StartFailed,
      reason ? { desktop: reason } : undefined,
    ),
  desktopNotRunning: () => new AppError(ErrorStatus.ExternalServiceFailed, DesktopMessages.NotRunning),
  desktopOriginRefused: () => new AppError(ErrorStatus.AccessDenied, DesktopMessages.OriginRefused),
} as const;
