import { isKnownTimeZone } from '@coderoom/contracts';

/** The browser's IANA time zone (Europe/Berlin, …), or null when it reports none the API accepts. */
export function browserTimeZone(): string | null {
  try {
    const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return name && isKnownTimeZone(name) ? name : null;
  } catch {
    return null;
  }
}
