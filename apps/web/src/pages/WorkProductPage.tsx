import '../modules/work/work.css';
import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { forceLightTheme } from '../modules/theme/themeDom';

/** The work product's marketing page; always light, the shell around it too (spec 002 §2.1, §4.9). */
export function WorkProductPage() {
  usePageTitle('Coderoom Work');
  useLayoutEffect(() => forceLightTheme(), []);
  return (
    <main id="main" className="work-product" data-theme="light">
      <div className="work-product-inner">
        <h1>Plan, write and ship together, next to your learning</h1>
        <p>
          Coderoom Work gives teams projects and folders, co-written documents, tasks with sub-tasks and
          comments, reviews with sign-off and reports that schedule themselves.
        </p>
        <p>
          <Link className="btn btn-primary" to="/work">
            Open Work
          </Link>{' '}
          <Link className="btn btn-secondary" to="/pricing">
            See plans
          </Link>
        </p>
        <div className="work-grid">
          <section className="work-section">
            <h2>Projects and tasks</h2>
            <p>A board by status you can drive from the keyboard, due dates, assignees and milestones.</p>
          </section>
          <section className="work-section">
            <h2>Documents and reviews</h2>
            <p>Write a document, ask colleagues to review it and see who signed off.</p>
          </section>
          <section className="work-section">
            <h2>Scheduled reports</h2>
            <p>Weekly status, monthly numbers: a task appears for the right people on the right day.</p>
          </section>
        </div>
        <p className="muted">The free plan includes 10 documents and 3 projects.</p>
      </div>
    </main>
  );
}
