// Generic field validators of spec 002 §5.1. Each returns the spec's message, or null when valid.
// Length-style rules apply only to non-empty values.

type Value = string | null | undefined;

const isBlank = (value: Value) => value === null || value === undefined || value.trim() === '';

export function required(label: string, value: Value): string | null {
  return isBlank(value) ? `${label} can't be blank.` : null;
}

export function lengthBetween(label: string, value: Value, min: number, max: number): string | null {
  if (isBlank(value)) return null;
  const length = (value as string).length;
  return length < min || length > max
    ? `${label} field must be between ${min} and ${max} characters long`
    : null;
}

export function mustMatch(a: string, b: string, first: Value, second: Value): string | null {
  return (first ?? '') === (second ?? '') ? null : `${a} and ${b} did not match!`;
}

export function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export function url(label: string, value: Value): string | null {
  if (isBlank(value)) return null;
  return isUrl((value as string).trim()) ? null : `${label} must be a valid URL.`;
}

export function notUrl(label: string, value: Value): string | null {
  if (isBlank(value)) return null;
  const text = (value as string).trim();
  return isUrl(text) || /^(www\.)\S+\.\S+/.test(text) ? `${label} cannot be a URL.` : null;
}

const EMAIL = /^[^\s@"(),:;<>[\]\\]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export function email(label: string, value: Value): string | null {
  if (isBlank(value)) return null;
  return EMAIL.test((value as string).trim()) ? null : `${label} must be a valid email address.`;
}

export function notEmail(label: string, value: Value): string | null {
  if (isBlank(value)) return null;
  return EMAIL.test((value as string).trim()) ? `${label} cannot be an email address.` : null;
}

export function slug(label: string, value: Value): string | null {
  if (isBlank(value)) return null;
  return /^[a-z0-9-]+$/.test(value as string) ? null : `${label} can only contain a-z, 0-9 and -`;
}

export function integer(label: string, value: Value): string | null {
  if (isBlank(value)) return null;
  return /^-?\d+$/.test((value as string).trim()) ? null : `${label} is not an integer.`;
}

export function number(label: string, value: Value): string | null {
  if (isBlank(value)) return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test((value as string).trim()) ? null : `${label} must be a number.`;
}

export function integerRange(label: string, value: Value, min: number, max: number): string | null {
  if (isBlank(value)) return null;
  const parsed = Number((value as string).trim());
  return Number.isInteger(parsed) && parsed >= min && parsed <= max
    ? null
    : `${label} must be between ${min} and ${max}`;
}

export function select(label: string, value: Value): string | null {
  return isBlank(value) ? `${label} must be selected.` : null;
}

function check(value: Value, valid: (text: string) => boolean, message: string): string | null {
  if (isBlank(value)) return null;
  return valid((value as string).trim()) ? null : message;
}

export function tweetUrl(label: string, value: Value): string | null {
  return check(
    value,
    (text) => /^https:\/\/(www\.)?(twitter|x)\.com\/\w{1,15}\/status\/\d+/.test(text),
    `${label} must be a valid tweet URL.`,
  );
}

export function phone(label: string, value: Value): string | null {
  return check(value, (text) => /^\+?[\d\s()-]{7,20}$/.test(text), `${label} is not valid.`);
}

/** Ports 3000-8799 or 9300-65535 (the ranges the platform lets apps listen on). */
export function port(label: string, value: Value): string | null {
  return check(
    value,
    (text) => {
      if (!/^\d+$/.test(text)) return false;
      const n = Number(text);
      return (n >= 3000 && n <= 8799) || (n >= 9300 && n <= 65535);
    },
    `${label} must be in range 3000-8799 or 9300-65535`,
  );
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function date(label: string, value: Value): string | null {
  return check(
    value,
    (text) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      return !!match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
    },
    `${label} must be in yyyy-mm-dd format.`,
  );
}

export function month(label: string, value: Value): string | null {
  return check(value, (text) => /^\d{4}-(0[1-9]|1[0-2])$/.test(text), `${label} must be in yyyy-mm format.`);
}

export function id(label: string, value: Value): string | null {
  return check(value, (text) => /^[a-z1-9\-_+#]+$/.test(text), `${label} can only contain a-z 1-9 - _ + #`);
}

export function transactionId(label: string, value: Value): string | null {
  return check(value, (text) => /^[a-z1-9\-_]+$/.test(text), `${label} can only contain a-z 1-9 - _`);
}

export function uuidV4(label: string, value: Value): string | null {
  return check(
    value,
    (text) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(text),
    `${label} must be a valid uuidV4.`,
  );
}

export const COURSE_URL = /^(https:\/\/(www\.)?coderoom\.dev)?\/courses\/[a-z0-9-]+(\/[\w-]+)?\/?$/;
export const PATH_URL = /^(https:\/\/(www\.)?coderoom\.dev)?\/path\/[a-z0-9-]+\/?$/;
export const MODULE_URL = /^(https:\/\/(www\.)?coderoom\.dev)?\/modules?\/[\w/-]+$/;
export const LESSON_URL = /^(https:\/\/(www\.)?coderoom\.dev)?\/courses\/[a-z0-9-]+\/[\w-]+\/?$/;
export const ANSWER_URL = /^(https:\/\/(www\.)?coderoom\.dev)?\/answers\/[\w-]+\/?$/;
export const ASSESSMENT_URL = /^(https:\/\/(www\.)?coderoom\.dev)?\/assessments\/[a-z0-9-]+(\/[\w-]+)?\/?$/;
export const PROJECT_URL = /^(https:\/\/(www\.)?coderoom\.dev)?\/projects\/[a-z0-9-]+(\/[\w-]+)?\/?$/;
export const CONFLUENCE_PAGE_URL = /^https:\/\/[\w-]+\.atlassian\.net\/wiki\/spaces\/[\w~-]+\/pages\/\d+/;
export const GOOGLE_DOCS_URL =
  /^https:\/\/docs\.google\.com\/(document|spreadsheets|presentation)\/d\/[\w-]+/;
export const GOOGLE_DRIVE_URL = /^https:\/\/drive\.google\.com\/(file\/d\/|drive\/folders\/|open\?id=)[\w-]+/;
export const HYPHENATED_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const TWO_DIGIT_NUMBER = /^\d{2}$/;
export const MINUTE_VALUE = /^([0-5]?\d)$/;

export function courseUrlList(value: Value): string | null {
  if (isBlank(value)) return null;
  const urls = (value as string)
    .split(/[\s,]+/)
    .map((url) => url.trim())
    .filter(Boolean);
  return urls.every((url) => COURSE_URL.test(url)) ? null : 'Please enter valid courses url';
}

export function domain(label: string, value: Value): string | null {
  return check(
    value,
    (text) => /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(text),
    `${label} must be a valid domain`,
  );
}

export function jobName(value: Value, existingNames: readonly string[]): string | null {
  if (isBlank(value)) return null;
  const name = (value as string).trim().toLowerCase();
  return existingNames.some((existing) => existing.trim().toLowerCase() === name)
    ? 'A job with the same name already exists'
    : null;
}

export function fullName(label: string, value: Value): string | null {
  return check(
    value,
    (text) => /^[\p{L}\p{M} .'’-]+$/u.test(text),
    `${label} cannot contain special characters.`,
  );
}

export const CODE_FEEDBACK_MAX_LENGTH = 1024;

export function codeFeedback(value: Value): string | null {
  return (value ?? '').length > CODE_FEEDBACK_MAX_LENGTH
    ? `Feedback field must be between 1 and ${CODE_FEEDBACK_MAX_LENGTH} characters long`
    : null;
}

/** An analytics event value must be numeric (spec 002 §5.3). */
export function assertAnalyticsValue(value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error('GA event value can only be a number');
  }
}

export function isUnexpectedAnalyticsEvent(action: string, label: string): boolean {
  return /undefined/.test(action) || /undefined/.test(label);
}

const FREE_MAIL_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'proton.me',
];

export function workEmail(value: Value): string | null {
  const domainPart = (value ?? '').trim().toLowerCase().split('@')[1] ?? '';
  return FREE_MAIL_DOMAINS.includes(domainPart) ? 'Please use your work email.' : null;
}

export function companyName(value: Value): string | null {
  const text = (value ?? '').trim();
  return text.length >= 2 && text.length <= 100 && /[\p{L}\p{N}]/u.test(text)
    ? null
    : 'Company name is invalid';
}
