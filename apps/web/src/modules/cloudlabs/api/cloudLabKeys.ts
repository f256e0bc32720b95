import type { LabAddress } from './LabAddress';

/** Query keys of cloud labs. */
export const cloudLabKeys = {
  all: ['cloudlabs'] as const,
  overviewByCode: (encodedId: string) => ['cloudlabs', 'overview', 'code', encodedId] as const,
  tasks: ['cloudlabs', 'task'] as const,
  task: (address: LabAddress, taskId: number) => ['cloudlabs', 'task', address, taskId] as const,
  instance: (address: LabAddress) => ['cloudlabs', 'instance', address] as const,
};
