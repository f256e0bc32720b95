const FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 3 March 2026 */
export function formatPostDate(iso: string): string {
  return FORMAT.format(new Date(iso));
}
