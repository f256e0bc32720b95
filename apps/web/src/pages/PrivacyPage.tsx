import { Link } from 'react-router';
import { SitePage } from '../modules/site/components/SitePage';

const COOKIES = [
  [
    'cr_session',
    'Keeps you logged in. A random token; we store only its hash.',
    'Until you log out or the session expires',
  ],
  ['cr_csrf', 'Proves that a change you make comes from our own pages.', 'The browser session'],
  [
    'cr_logged_in',
    'Tells the page that someone is logged in, so visitors’ pages ask nothing about an account.',
    'As long as the session',
  ],
  ['cr_theme', 'Remembers light, dark or system theme.', 'One year'],
] as const;

/** /privacy: what Coderoom stores, why, and how to get it or delete it. */
export function PrivacyPage() {
  return (
    <SitePage
      title="Privacy Policy"
      lead="We store what we need to teach you and nothing more. We do not sell your data, show advertising or use third-party trackers."
      updated="26 November 2026"
    >
      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> name, e-mail address, a password hash (never the password itself),
          two-factor settings and your preferences.
        </li>
        <li>
          <strong>Your learning:</strong> which lessons you opened and completed, time spent reading, your
          notes and highlights, assessment answers and scores, project progress and certificates.
        </li>
        <li>
          <strong>Your code:</strong> code saved in lessons and projects so you can come back to it. For each
          run we keep a record of the language, the outcome, the duration and a fingerprint of the program, so
          we can find abuse and measure the sandboxes; the program itself is not kept in that record.
        </li>
        <li>
          <strong>Security records:</strong> sessions, sign-in attempts and rate-limit counters, kept for the
          short time they are needed.
        </li>
      </ul>
      <h2>Why</h2>
      <p>
        To give you the service you signed up for: show your progress, run your code, issue certificates and
        keep your account safe. We send e-mail only about your account (such as a password reset) and, if you
        ask for them, about your learning.
      </p>
      <h2>Cookies</h2>
      <p>We use four cookies of our own and no others:</p>
      <table className="site-table">
        <thead>
          <tr>
            <th scope="col">Cookie</th>
            <th scope="col">What it is for</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          {COOKIES.map(([name, purpose, duration]) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
              </td>
              <td>{purpose}</td>
              <td>{duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Who else sees it</h2>
      <p>
        No one outside Coderoom, except where the law requires it. Course authors see totals such as how many
        learners a course has, never your code or notes. If your organization gives you an account, its
        administrators see your progress on what they assign.
      </p>
      <h2>Your rights</h2>
      <p>
        You can see and correct your details in your settings, download a copy of your data, and delete your
        account. Deleting an account removes your profile, progress, notes and code; certificates you earned
        stop verifying. Anything we must keep by law is kept only for as long as required.
      </p>
      <p>
        Questions about your data? Write to <a href="mailto:privacy@coderoom.dev">privacy@coderoom.dev</a>.
        See also the <Link to="/terms">Terms of Service</Link>.
      </p>
    </SitePage>
  );
}
