import type { LineDiff } from '@coderoom/domain';

const SIGN = { equal: ' ', added: '+', removed: '−' } as const;
const SPOKEN = { equal: '', added: 'Added: ', removed: 'Removed: ' } as const;

/**
 * A line diff in unified style. Colour is a second cue only: every changed line starts with + or −
 * and screen readers hear "Added"/"Removed".
 */
export function LineDiffView({ diff, label }: { diff: LineDiff; label: string }) {
  return (
    <figure className="studio-line-diff">
      <figcaption className="small muted">
        {label}{' '}
        <span className="studio-diff-counts">
          <span className="studio-diff-count-added">+{diff.added}</span>{' '}
          <span className="studio-diff-count-removed">−{diff.removed}</span>
        </span>
      </figcaption>
      <pre>
        {diff.lines.map((line, index) => (
          <code
            // Lines have no identity of their own; the list is replaced as a whole.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className={`studio-diff-line studio-diff-${line.change}`}
          >
            <span className="studio-diff-number" aria-hidden="true">
              {line.old_line ?? ''}
            </span>
            <span className="studio-diff-number" aria-hidden="true">
              {line.new_line ?? ''}
            </span>
            <span className="studio-diff-sign" aria-hidden="true">
              {SIGN[line.change]}
            </span>
            {SPOKEN[line.change] && <span className="visually-hidden">{SPOKEN[line.change]}</span>}
            <span className="studio-diff-text">{line.text || ' '}</span>
          </code>
        ))}
      </pre>
    </figure>
  );
}
