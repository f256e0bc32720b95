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
  invalidConfig: (errors: Record<string, string>) => invalidInput(errors),
} as const;
