import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RunOutput } from '../../code/components/RunOutput';
import { useCodeRun } from '../../code/hooks/useCodeRun';

/** The program the landing page runs: short, and its output shows it really ran (three greetings). */
const HERO_SAMPLE = `# Press Run: this runs in a real sandbox
def greet(name):
    return f"Hello, {name}!"

for name in ["Ada", "Grace", "Linus"]:
    print(greet(name))
`;

/** After logging in from the hero, the visitor comes back here and the sample runs at once. */
const HERO_RETURN_URL = '/?run=hero';

const KEYWORDS = new Set(['def', 'return', 'for', 'in']);

/** A light highlighter for the one sample: comments, keywords, strings; nothing else is needed. */
function highlight(code: string) {
  return code.split('\n').map((line, lineIndex) => {
    const comment = line.indexOf('#');
    const text = comment >= 0 ? line.slice(0, comment) : line;
    const parts = text.split(/("[^"]*"|f"[^"]*"|\b\w+\b)/g).map((part, index) => {
      const key = `${lineIndex}-${index}`;
      if (/^f?"/.test(part))
        return (
          <span key={key} className="tok-str">
            {part}
          </span>
        );
      if (KEYWORDS.has(part))
        return (
          <span key={key} className="tok-key">
            {part}
          </span>
        );
      return part;
    });
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the sample's lines never move.
      <span key={lineIndex}>
        {parts}
        {comment >= 0 ? <span className="tok-comment">{line.slice(comment)}</span> : null}
        {'\n'}
      </span>
    );
  });
}

interface HeroSampleProps {
  signedIn: boolean;
  /** Back from logging in to run it: run once on arrival. */
  runOnArrival: boolean;
}

/**
 * The landing page's runnable sample. Running code needs an account (POST /api/code/execute answers
 * visitors with 401), so a visitor's Run explains that and offers to log in or sign up; they come back
 * to this page and the sample runs (docs/catalog.md).
 */
export function HeroSample({ signedIn, runOnArrival }: HeroSampleProps) {
  const { execute } = useCodeRun();
  const [askToSignIn, setAskToSignIn] = useState(false);
  const ran = useRef(false);
  const run = () => {
    if (!signedIn) {
      setAskToSignIn(true);
      return;
    }
    execute.mutate({ language: 'python3', source_code: HERO_SAMPLE });
  };
  useEffect(() => {
    if (runOnArrival && signedIn && !ran.current) {
      ran.current = true;
      execute.mutate({ language: 'python3', source_code: HERO_SAMPLE });
    }
  }, [runOnArrival, signedIn, execute]);
  const returnUrl = encodeURIComponent(HERO_RETURN_URL);
  return (
    <div className="hero-sample">
      <div className="hero-sample-bar">
        <span className="hero-sample-dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="hero-sample-file">greet.py</span>
        <button
          type="button"
          className="btn btn-primary hero-run"
          onClick={run}
          disabled={execute.isPending}
          aria-describedby="hero-sample-status"
        >
          {execute.isPending ? 'Running…' : '▶ Run'}
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide code block must be reachable to scroll (WCAG 2.1.1). */}
      <pre className="hero-code" tabIndex={0}>
        <code>{highlight(HERO_SAMPLE)}</code>
      </pre>
      {/* The live region is on the page before any result, so screen readers announce what arrives. */}
      <div id="hero-sample-status" className="hero-sample-output" role="status" aria-live="polite">
        {askToSignIn && !signedIn ? (
          <div className="hero-sample-prompt">
            <p>
              <strong>Running code needs a free account.</strong> Every run gets its own sandbox on our
              servers; log in or sign up and this sample runs as soon as you are back.
            </p>
            <div className="hero-actions">
              <Link className="btn btn-primary" to={`/signup?returnUrl=${returnUrl}`}>
                Sign up to run it
              </Link>
              <Link className="btn btn-secondary" to={`/login?returnUrl=${returnUrl}`}>
                Log in
              </Link>
            </div>
          </div>
        ) : execute.isPending ? (
          <p className="muted small">Running in the sandbox…</p>
        ) : execute.data ? (
          <RunOutput result={execute.data} asHtml={false} />
        ) : execute.isError ? (
          <p className="notice error">{execute.error.message}</p>
        ) : (
          <p className="muted small">Output appears here.</p>
        )}
      </div>
    </div>
  );
}
