import { Link } from 'react-router';
import { SitePage } from '../modules/site/components/SitePage';

/** /about: what Coderoom is and how its lessons work. */
export function AboutPage() {
  return (
    <SitePage
      title="About Coderoom"
      lead="Coderoom is a text-first learning platform for software developers: lessons you can skim, code you can run where you read it, and practice that checks you understood."
    >
      <h2>Why text, and why code you can run</h2>
      <p>
        Developers learn by reading and by trying. A video makes you wait for the part you need; a page lets
        you skim what you know and slow down where it gets hard. Every code block in a Coderoom lesson can be
        changed and run, so the question “what happens if…” is answered in a second, not after setting up a
        project.
      </p>
      <h2>What runs behind a lesson</h2>
      <p>
        When you press Run, your program goes to a sandbox on our servers: a fresh, isolated environment with
        no network, its own files and strict limits on time and memory. Python, JavaScript, TypeScript, Go,
        Rust, C++ and Java are available. Exercises are judged against test cases, and you see the expected
        and the actual output side by side when they differ.
      </p>
      <h2>More than lessons</h2>
      <ul>
        <li>
          <strong>Skill paths</strong> put courses in an order that takes you from the basics to being
          productive.
        </li>
        <li>
          <strong>Projects</strong> give you a workspace and a terminal to build something real, task by task.
        </li>
        <li>
          <strong>Assessments</strong> adapt their questions to your answers and tell you where you stand.
        </li>
        <li>
          <strong>Cloud labs</strong> let you practise on live infrastructure without touching your own
          accounts.
        </li>
      </ul>
      <h2>Who writes the courses</h2>
      <p>
        Courses are written by developers who use what they teach. Authors write in our studio, where every
        code widget is run and checked before a course is published, and every course is reviewed before it
        appears in the catalogue. If you would like to write one, <Link to="/teach">start in the studio</Link>
        .
      </p>
      <h2>Get started</h2>
      <p>
        <Link to="/explore">Browse the catalogue</Link>, open a preview lesson without an account, or{' '}
        <Link to="/signup">create a free account</Link> to run code and keep your progress.
      </p>
    </SitePage>
  );
}
