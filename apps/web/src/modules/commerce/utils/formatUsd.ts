const FORMAT = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $352.80 */
export function formatUsd(amount: number): string {
  return FORMAT.format(amount);
}
