// Relative time and date display (spec 000 §9, 002 §9). Dates are read in UTC so server and browser agree.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_DATE_FORMAT = 'MMM D, YYYY';
export const FULL_DATE_AFTER_DAYS = 8;

/** Supports the tokens of the default format: MMM, D and YYYY. */
export function formatDate(date: Date | number, format: string = DEFAULT_DATE_FORMAT): string {
  const value = new Date(date);
  return format
    .replace('YYYY', String(value.getUTCFullYear()))
    .replace('MMM', MONTHS[value.getUTCMonth()] ?? '')
    .replace(/\bD\b/, String(value.getUTCDate()));
}

function unit(count: number, name: string): string {
  return `${count} ${name}${count === 1 ? '' : 's'} ago`;
}

/** 'A few seconds ago', then minutes, hours, days, weeks; past the threshold (8 days) the full date. */
export function formatRelativeTime(
  date: Date | number,
  now: Date | number,
  options: { fullDateAfterDays?: number } = {},
): string {
  const elapsed = Math.max(0, new Date(now).getTime() - new Date(date).getTime());
  const threshold = (options.fullDateAfterDays ?? FULL_DATE_AFTER_DAYS) * DAY;
  if (elapsed > threshold) return formatDate(date);
  if (elapsed < MINUTE) return 'A few seconds ago';
  if (elapsed < HOUR) return unit(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return unit(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return unit(Math.floor(elapsed / DAY), 'day');
  if (elapsed < 30 * DAY) return unit(Math.floor(elapsed / (7 * DAY)), 'week');
  if (elapsed < 365 * DAY) return unit(Math.floor(elapsed / (30 * DAY)), 'month');
  return unit(Math.floor(elapsed / (365 * DAY)), 'year');
}

/** '0m' under a minute; otherwise the two largest units, e.g. '1h 5m', '2d 3h' (24-hour days, 365-day years). */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return '0m';
  const parts: [number, string][] = [
    [Math.floor(seconds / (365 * 86_400)), 'y'],
    [Math.floor((seconds % (365 * 86_400)) / 86_400), 'd'],
    [Math.floor((seconds % 86_400) / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'm'],
  ];
  const first = parts.findIndex(([value]) => value > 0);
  return parts
    .slice(first, first + 2)
    .filter(([value]) => value > 0)
    .map(([value, suffix]) => `${value}${suffix}`)
    .join(' ');
}
