/** Read-only code, focusable so keyboard users can scroll it; the surrounding tab panel names it. */
export function CodeBlock({ code, language }: { code: string; language: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <pre className="widget-code" tabIndex={0}>
      <code className={`language-${language}`}>{code}</code>
    </pre>
  );
}
