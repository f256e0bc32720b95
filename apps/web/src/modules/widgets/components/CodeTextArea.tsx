/** An editable code pane: monospace, no spell-check or autocorrect. Tab still moves focus, by design. */
export function CodeTextArea({
  value,
  onChange,
  label,
  rows = 10,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  rows?: number;
}) {
  return (
    <textarea
      className="widget-code-input"
      aria-label={label}
      value={value}
      rows={rows}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
