/**
 * An in-process publish/subscribe channel. Services publish what changed after their transaction has
 * committed; long-lived listeners (the collaboration server's open documents) react at once. It reaches
 * listeners of this process only: the API serves every role from one process today.
 */
export interface Topic<T> {
  publish(event: T): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: T) => void): () => void;
}

export function createTopic<T>(): Topic<T> {
  const listeners = new Set<(event: T) => void>();
  return {
    publish(event) {
      // A failing listener must not fail the request that published, nor keep the others from hearing.
      for (const listener of listeners) {
        try {
          listener(event);
        } catch {
          // Listeners report their own errors; see their subscribe sites.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
