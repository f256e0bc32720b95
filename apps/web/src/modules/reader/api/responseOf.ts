import { z } from 'zod';

/** The reader's answers are typed by the contract's interfaces; their shape is fixed by the server presenters. */
export function responseOf<T>() {
  return z.custom<T>((value) => typeof value === 'object' && value !== null);
}
