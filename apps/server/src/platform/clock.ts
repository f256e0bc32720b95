/** Time source injected through buildApp, so tests can move past lockouts and expiries. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
