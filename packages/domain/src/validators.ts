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
