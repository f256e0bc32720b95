import { useId, useState } from 'react';

/** A read-only value with a Copy button; the result is announced to screen readers. */
export function CopyField({
  label,
  value,
  onCopied,
}: {
  label: string;
  value: string;
  onCopied?: () => void;
}) {
  const id = useId();
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setStatus('Copied');
      onCopied?.();
    } catch {
      setStatus('Copy failed: select the text and copy it yourself');
    }
  };
  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field-row">
        <input id={id} value={value} readOnly onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="btn btn-secondary" onClick={copy}>
          Copy
        </button>
      </div>
      <p className="field-hint" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
