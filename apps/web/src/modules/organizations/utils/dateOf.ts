/** A due date as the organization screens show it (dates are stored at midnight UTC). */
export const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
