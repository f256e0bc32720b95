import { Link } from 'react-router';
import { SitePage } from '../modules/site/components/SitePage';

/** /terms: the rules of using Coderoom. */
export function TermsPage() {
  return (
    <SitePage
      title="Terms of Service"
      lead="These terms apply when you use Coderoom, with or without an account. They are written to be read: if something is unclear, it is our mistake and we will fix it."
      updated="26 November 2026"
    >
      <h2>1. Your account</h2>
      <p>
        You need an account to run code, keep progress and earn certificates. Give your real name if you want
        it on a certificate, keep your password to yourself, and turn on two-factor authentication if you can.
        You are responsible for what is done with your account. You must be at least 16 years old, or have a
        parent’s or guardian’s permission.
      </p>
      <h2>2. Your code and your notes</h2>
      <p>
        Code you write, notes you take and projects you build remain yours. You give us only the permission we
        need to run them for you: to store them, send them to a sandbox, and show them back to you (and, in
        shared projects, to the people you share them with).
      </p>
      <h2>3. Fair use of the sandboxes</h2>
      <p>
        Every run gets an isolated environment with limits on time, memory, processes and output. Please do
        not:
      </p>
      <ul>
        <li>try to break out of a sandbox, reach other users’ data or attack our servers;</li>
        <li>mine cryptocurrency, send spam or run anything that harms others;</li>
        <li>run automated traffic that makes the service slower for everyone.</li>
      </ul>
      <p>
        We may stop a run, a live environment or an account that does these things. If you find a security
        problem, tell us and we will thank you rather than blame you.
      </p>
      <h2>4. Course content</h2>
      <p>
        Courses belong to their authors and to Coderoom. You may read and run them for your own learning and
        quote short parts with a link back. Please do not copy whole lessons, solutions or assessments to
        another site. Authors keep the rights to what they write and give us a licence to publish it.
      </p>
      <h2>5. Certificates and assessments</h2>
      <p>
        A certificate says that an account completed a course. Do your own work: certificates and scores
        earned by someone else, or by tools that answer for you, may be withdrawn.
      </p>
      <h2>6. Availability and changes</h2>
      <p>
        We work to keep Coderoom available and your data safe, but the service is provided as it is, without a
        promise that it will never fail. We may change features; when a change to these terms matters to you,
        we will tell you by e-mail or in the app at least 30 days before it applies.
      </p>
      <h2>7. Ending</h2>
      <p>
        You can stop using Coderoom at any time and ask for your account to be deleted. How we handle your
        data, including when you leave, is described in the <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </SitePage>
  );
}
