import type { LiveInteractionsResponse } from '@coderoom/contracts';

type Totals = LiveInteractionsResponse['interactions'];

const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

/**
 * The learner's earlier work in a live widget, read back from their interaction totals (docs/reader-calls.md):
 * how often they ran and reset it, whether they opened the solution, and when they last worked in it.
 */
export function LiveActivity({ totals, className }: { totals: Totals | null; className?: string }) {
  if (!totals) return null;
  const parts: string[] = [];
  if (totals.run) parts.push(`ran ${times(totals.run.count)}`);
  if (totals.edit) parts.push('edited');
  if (totals.reset) parts.push(`reset ${times(totals.reset.count)}`);
  if (totals.solution) parts.push('opened the solution');
  if (parts.length === 0) return null;
  const last = Object.values(totals)
    .map((entry) => entry.last_at)
    .sort()
    .at(-1);
  return (
    <p className={`muted small live-activity${className ? ` ${className}` : ''}`} data-testid="live-activity">
      Your work here: {parts.join(' · ')}
      {last
        ? ` · last ${new Date(last).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`
        : ''}
    </p>
  );
}
