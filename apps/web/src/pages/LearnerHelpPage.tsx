import '../modules/studio/studio.css';
import type { TutorLogEntry } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { tutorLogQuery } from '../modules/ai/api/tutorLogQuery';
import { ApiError } from '../modules/api/ApiError';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

const SOURCE_LABEL: Record<string, string> = {
  author: 'your hint',
  facts: "the platform's hint",
  model: 'an AI draft',
};

function describe(entry: TutorLogEntry): string {
  if (entry.kind === 'review') return 'Code review';
  if (entry.level === null) return 'Hint';
  return `Hint ${entry.level} · ${SOURCE_LABEL[entry.source ?? ''] ?? 'hint'}`;
}

function LogEntry({ entry }: { entry: TutorLogEntry }) {
  const when = new Date(entry.at);
  return (
    <li className="learner-help-entry">
      <p className="small muted">
        <strong>{describe(entry)}</strong> · {entry.learner_name} · {entry.lesson_title ?? 'a lesson'}
        {entry.tests ? ` · tests ${entry.tests.passed}/${entry.tests.total}` : ''} ·{' '}
        <time dateTime={entry.at}>{when.toLocaleString()}</time>
      </p>
      <p>{entry.text}</p>
      {entry.rating !== null && (
        <p className="small">
          Rated {entry.rating > 0 ? 'helpful' : 'not helpful'}
          {entry.feedback ? `: “${entry.feedback}”` : ''}
        </p>
      )}
    </li>
  );
}

function LearnerHelp({ authorId, collectionId }: { authorId: number; collectionId: number }) {
  const log = useQuery(tutorLogQuery(authorId, collectionId));
  const title = log.data?.collection_title || 'Untitled course';
  usePageTitle(`Learner help: ${title}`);
  if (log.isPending) return <PageLoading label="Loading what learners were told" />;
  if (log.error) {
    const status = log.error instanceof ApiError ? log.error.status : 500;
    return <ErrorPage code={status === 403 || status === 404 ? status : 500} />;
  }
  const { entries } = log.data;
  return (
    <main id="main" className="page page-wide">
      <nav className="small muted studio-breadcrumb" aria-label="Breadcrumb">
        <Link to="/teach">Teach</Link> /{' '}
        <Link to={`/collectioneditor/${authorId}/${collectionId}`}>{title}</Link> / Learner help
      </nav>
      <h1>Learner help on {title}</h1>
      <p className="muted">
        The hints and code reviews learners asked for on this course's exercises, newest first, with how they
        rated the reviews. Where many learners need the same hint, the lesson may need a clearer step.
      </p>
      {entries.length === 0 ? (
        <p className="card section muted">No learner has asked for a hint or a review on this course yet.</p>
      ) : (
        <ol className="learner-help-log card section">
          {entries.map((entry) => (
            <LogEntry
              key={`${entry.kind}-${entry.at}-${entry.comp_id}-${entry.learner_name}`}
              entry={entry}
            />
          ))}
        </ol>
      )}
    </main>
  );
}

/** /collectioneditor/{a}/{c}/learner-help: what the tutor and code reviews told learners (docs/ai.md). */
export function LearnerHelpPage() {
  const params = useParams();
  const authorId = Number(params.authorId);
  const collectionId = Number(params.collectionId);
  if (![authorId, collectionId].every((id) => Number.isSafeInteger(id) && id > 0))
    return <ErrorPage code={404} />;
  return (
    <RequireUser>
      <LearnerHelp authorId={authorId} collectionId={collectionId} />
    </RequireUser>
  );
}
