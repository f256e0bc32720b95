import { cancelled, RunnerError, RunnerErrorCode, RunnerMessages } from './errors.js';
import type { Slot } from './sandbox/sandbox.js';

interface Waiter {
  resolve(slot: Slot): void;
  reject(error: RunnerError): void;
}

/**
 * A fixed set of slots (one sandbox each, each with its own uid and cgroups) and a bounded FIFO queue in
 * front of them. A full queue fails fast so the server can answer 429 instead of piling up requests.
 */
export class SlotPool {
  private readonly free: Slot[];
  private readonly waiters: Waiter[] = [];
  private closed = false;

  constructor(
    readonly slots: readonly Slot[],
    readonly queueSize: number,
  ) {
    this.free = [...slots];
  }

  get busy(): number {
    return this.slots.length - this.free.length;
  }

  get queued(): number {
    return this.waiters.length;
  }

  acquire(signal?: AbortSignal): Promise<Slot> {
    if (this.closed) return Promise.reject(new RunnerError(RunnerErrorCode.Closed, RunnerMessages.Closed));
    if (signal?.aborted) return Promise.reject(cancelled());
    const slot = this.free.pop();
    if (slot) return Promise.resolve(slot);
    if (this.waiters.length >= this.queueSize) {
      return Promise.reject(new RunnerError(RunnerErrorCode.QueueFull, RunnerMessages.QueueFull));
    }
    return new Promise<Slot>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(cancelled());
      };
      const waiter: Waiter = {
        resolve: (granted) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(granted);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(slot: Slot): void {
    const next = this.waiters.shift();
    if (next) next.resolve(slot);
    else this.free.push(slot);
  }

  async use<T>(signal: AbortSignal | undefined, work: (slot: Slot) => Promise<T>): Promise<T> {
    const slot = await this.acquire(signal);
    try {
      return await work(slot);
    } finally {
      this.release(slot);
    }
  }

  /** Rejects everyone waiting; slots in use finish their current run. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) {
      waiter.reject(new RunnerError(RunnerErrorCode.Closed, RunnerMessages.Closed));
    }
  }
}
