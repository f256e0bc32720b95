import type { OrganizationOperation } from '@coderoom/contracts';
import { ErrorMessages } from '@coderoom/domain';
import { describe, expect, it } from 'vitest';
import { operationMessage, pollOperation } from './pollOperation';

const running: OrganizationOperation = { operation_id: 1, kind: 'add_users', state: 'running', result: null };

describe('pollOperation (spec 002 §4.8)', () => {
  it('polls every 5000 ms until the lock is released, showing the slow info once', async () => {
    const waits: number[] = [];
    let calls = 0;
    let slow = 0;
    const done = await pollOperation(
      async () => {
        calls += 1;
        return calls < 4 ? running : { ...running, state: 'done', result: { added: ['a@x.io'] } };
      },
      { wait: async (ms) => void waits.push(ms), onSlow: () => (slow += 1) },
    );
    expect(done.state).toBe('done');
    expect(waits).toEqual([5000, 5000, 5000]);
    expect(slow).toBe(1);
    expect(operationMessage(done)).toBe(ErrorMessages.DefaultSuccess);
  });

  it('gives up after 15 retries with the timeout message', async () => {
    let calls = 0;
    await expect(
      pollOperation(
        async () => {
          calls += 1;
          return running;
        },
        { wait: async () => {} },
      ),
    ).rejects.toThrow(ErrorMessages.UserAddTimeout);
    expect(calls).toBe(16);
  });

  it('shows the failure text, else the default "Failed"', () => {
    expect(operationMessage({ ...running, state: 'failed', result: { error: 'No seats' } })).toBe('No seats');
    expect(operationMessage({ ...running, state: 'failed', result: null })).toBe(
      ErrorMessages.DefaultFailure,
    );
  });
});
