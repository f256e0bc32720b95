import { ContainerMessages, ErrorStatus } from '@coderoom/domain';
import { AppError, invalidInput } from '../../platform/http/errors.js';

/** The containers module's failures, with the spec's messages (§5, §8). */
export const ContainersErrors = {
  runTestsIdsRequired: () =>
    new AppError(ErrorStatus.OperationNotAllowed, ContainerMessages.RunTestsIdsRequired),
  pollingParamsRequired: () =>
    new AppError(ErrorStatus.OperationNotAllowed, ContainerMessages.PollingParamsRequired),
  secondCloudLab: () => new AppError(ErrorStatus.AlreadyExists, ContainerMessages.SecondCloudLab),
  allocationFailed: () => new AppError(ErrorStatus.ExternalServiceFailed, ContainerMessages.AllocationFailed),
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
} as const;
