// Admin refunds, author payouts and student plans (issue 17; docs/commerce.md, docs/growth.md). The spec
// names none of these numbers or texts: they are ours, kept here so the server and the web app agree.

// ---- Admin refund screen ---------------------------------------------------------------------------------

export const AdminRefundMessages = {
  AdminOnly: 'Only an administrator can refund payments.',
  SearchTooShort: 'Enter an e-mail address or a payment id.',
  ReasonRequired: 'Give a reason for the refund.',
  RequestInProgress: 'This refund is already being processed. Refresh in a moment.',
  RequestReused: 'This refund request was made for another payment.',
} as const;

export const REFUND_REASON_MAX = 500;
/** A refund request left unfinished (the server stopped between the processor and the ledger) may be retried after this. */
export const REFUND_REQUEST_STALE_MS = 2 * 60_000;

// ---- Author payouts --------------------------------------------------------------------------------------

/** Share of a month's net subscription revenue that goes to the authors of priced courses, by reading time. */
export const AUTHOR_SUBSCRIPTION_POOL_PERCENT = 50;
/** Share of a course's own (à la carte) net sales that goes to its author. */
export const AUTHOR_SALE_SHARE_PERCENT = 70;

export const PayoutMethodKind = { Stripe: 'stripe_connect', PayPal: 'paypal', Wise: 'wise' } as const;
export type PayoutMethodKind = (typeof PayoutMethodKind)[keyof typeof PayoutMethodKind];
export const PayoutMethodKindName: Record<PayoutMethodKind, string> = {
  stripe_connect: 'Stripe Connect account',
  paypal: 'PayPal payouts',
  wise: 'Wise recipient',
};
/** The token each kind of payout method is known by at its provider; never a card or bank number. */
export const PAYOUT_TOKEN_PATTERNS: Record<PayoutMethodKind, RegExp> = {
  stripe_connect: /^acct_[A-Za-z0-9]{8,32}$/,
  paypal: /^[A-Z0-9]{13}$/,
  wise: /^rcp_[A-Za-z0-9]{8,32}$/,
};
export const PAYOUT_TOKEN_HINTS: Record<PayoutMethodKind, string> = {
  stripe_connect: 'acct_ followed by 8–32 letters or digits',
  paypal: 'the 13-character PayPal payer id',
  wise: 'rcp_ followed by 8–32 letters or digits',
};

export const PayoutMessages = {
  AuthorOnly: 'Only an author of a course can have payouts.',
  TokenInvalid: 'This is not a valid token for this payout method.',
  /** A long run of digits looks like a card or bank account number: we never store one. */
  LooksLikeAccountNumber:
    'Enter the token your payout provider gave you, never a card or bank account number.',
  UnknownMonth: 'Use a month in the form YYYY-MM.',
} as const;

/** True when a text holds 8 or more digits in a row (spaces and dashes ignored): a card or account number. */
export function looksLikeAccountNumber(value: string): boolean {
  return /\d{8,}/.test(value.replace(/[\s-]/g, ''));
}

/** The first instant of the UTC month holding `at`. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}
/** The first instant of the UTC month after the one starting at `start`. */
export function nextMonthStart(start: Date): Date {
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}
/** 'YYYY-MM' of a month start. */
export function monthKey(start: Date): string {
  return start.toISOString().slice(0, 7);
}

/**
 * Splits `poolCents` (whole cents) among shares by weight, losing no cent: each share gets the floor of its
 * exact part, and the cents left over go one each to the largest remainders (ties: the smaller key). The
 * parts always add up to the pool exactly (largest-remainder rounding). Weights are whole numbers (seconds).
 */
export function splitByWeight<K extends string | number>(
  poolCents: number,
  weights: ReadonlyArray<{ key: K; weight: number }>,
): Map<K, number> {
  const result = new Map<K, number>();
  const positive = weights.filter((entry) => entry.weight > 0);
  const total = positive.reduce((sum, entry) => sum + BigInt(entry.weight), 0n);
  if (poolCents <= 0 || total === 0n) {
    for (const entry of weights) result.set(entry.key, 0);
    return result;
  }
  const pool = BigInt(poolCents);
  let given = 0n;
  const parts = positive.map((entry) => {
    const exact = pool * BigInt(entry.weight);
    const floor = exact / total;
    given += floor;
    return { key: entry.key, floor, remainder: exact % total };
  });
  parts.sort((a, b) =>
    a.remainder === b.remainder ? (a.key < b.key ? -1 : 1) : a.remainder > b.remainder ? -1 : 1,
  );
  let left = pool - given;
  for (const part of parts) {
    const extra = left > 0n ? 1n : 0n;
    left -= extra;
    result.set(part.key, Number(part.floor + extra));
  }
  for (const entry of weights) if (!result.has(entry.key)) result.set(entry.key, 0);
  return result;
}

/** A percent of whole cents, rounded down: the platform keeps the fraction of a cent. Negative stays negative. */
export function percentOfCents(cents: number, percent: number): number {
  const exact = BigInt(cents) * BigInt(percent);
  const floor = exact / 100n;
  // BigInt division truncates toward zero; round toward minus infinity so a refund never pays out more.
  return Number(exact < 0n && exact % 100n !== 0n ? floor - 1n : floor);
}

// ---- Student plan (/github-students) ---------------------------------------------------------------------

/** What a verified student gets: premium, twelve months, renewing never (docs/growth.md). */
export const STUDENT_PLAN_KEY = '300-12-6000';
export const STUDENT_CODE_TTL_MS = 30 * 60_000;
export const STUDENT_CODE_MAX_ATTEMPTS = 5;
/** Domains a school address may end in when STUDENT_EMAIL_DOMAINS is not set. */
export const DEFAULT_STUDENT_EMAIL_DOMAINS = ['edu', 'ac.uk', 'edu.au', 'ac.jp', 'ac.in'] as const;

export const StudentMessages = {
  NotSchoolAddress: 'This address is not at a school we can verify. Use your school e-mail address.',
  AddressUsed: 'This school address has already been used to verify a student.',
  AlreadyScholar: 'You have already received the student plan.',
  HasPlan: 'You already have a current plan.',
  NoPendingCode: 'Ask for a confirmation code first.',
  CodeWrong: 'This confirmation code is not right.',
  CodeExpired: 'This confirmation code has expired. Ask for a new one.',
  TooManyAttempts: 'Too many wrong codes. Ask for a new one.',
} as const;

/** Whether `email`'s domain is one of `domains` or below one of them (`cs.mit.edu` under `edu`). */
export function isSchoolAddress(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const host = email.slice(at + 1).toLowerCase();
  return domains.some((domain) => {
    const d = domain.toLowerCase().replace(/^\.+/, '');
    return d.length > 0 && (host === d || host.endsWith(`.${d}`));
  });
}
