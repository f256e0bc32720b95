import { postLoginHome, SEARCH_PROMPT } from '@coderoom/domain';
import { Link, Navigate } from 'react-router';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { PageLoading } from '../ui/PageLoading';

const FEATURES = [
  {
    title: 'Code runs in the page',
    text: 'Every lesson is text you can skim, with code you can run, change and test right where you read it. No setup, no videos to scrub through.',
  },
  {
    title: 'Practice that proves it',
    text: 'Quizzes, judged coding challenges, hands-on projects and cloud labs check that what you read actually stuck.',
  },
  {
    title: 'Paths and plans',
    text: 'Skill paths take you from the basics to job-ready; teams assign learning plans and follow progress.',
  },
];

export function LandingPage() {
  const { data: user, isPending } = useUserInfo();
  usePageTitle();
  if (isPending) return <PageLoading label="Loading" />;
  if (user) return <Navigate to={postLoginHome(user)} replace />;
  return (
    <main id="main" className="landing">
      <section className="hero">
        <p className="eyebrow">{SEARCH_PROMPT}</p>
        <h1>Learn to code by reading and running real code.</h1>
        <p className="lead">
          Coderoom is a text-first learning platform for developers: interactive courses, skill paths,
          assessments and projects, with a real sandbox behind every code block.
        </p>
        <div className="hero-actions">
          <Link className="btn btn-primary btn-large" to="/signup">
            Create a free account
          </Link>
          <Link className="btn btn-secondary btn-large" to="/login">
            Log in
          </Link>
        </div>
        <pre className="hero-code">
          <code>
            <span className="tok-comment"># Run me — right here in the lesson{'\n'}</span>
            <span className="tok-key">def</span> greet(name):{'\n'}
            {'    '}
            <span className="tok-key">return</span>{' '}
            <span className="tok-str">
              f"Hello, {'{'}name{'}'}!"
            </span>
            {'\n\n'}print(greet(<span className="tok-str">"Coderoom"</span>))
          </code>
        </pre>
      </section>
      <section className="features" aria-label="What you get">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="card feature">
            <h2>{feature.title}</h2>
            <p className="muted">{feature.text}</p>
          </article>
        ))}
      </section>
    </main>
  );
}
