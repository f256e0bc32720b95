import '../modules/proofreading/proofreading.css';
import type { ProofreadQueueItem } from '@coderoom/contracts';
import { PROOFREADING_STATE_LABELS, ProofreadingState } from '@coderoom/domain';
import { Link } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useProofreadQueue } from '../modules/proofreading/api/useProofreadQueue';
import { proofreadPageUrl } from '../modules/proofreading/utils/proofreadAddress';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';

function ArticleList({ items, empty }: { items: ProofreadQueueItem[]; empty: string }) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="proofread-queue">
      {items.map((item) => (
        <li key={item.collection_id}>
          <Link
            to={proofreadPageUrl({
              authorId: item.author_id,
              collectionId: item.collection_id,
              docId: item.doc_id,
            })}
          >
            {item.title}
          </Link>
          <span className="badge proofread-state">{PROOFREADING_STATE_LABELS[item.state]}</span>
          {item.proofreader_name ? <span className="muted">Proofreader: {item.proofreader_name}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** `/proofread`: the caller's answers and their proofreading, and the articles waiting for proofreaders. */
export function ProofreadQueuePage() {
  usePageTitle('Proofreading');
  const query = useProofreadQueue();
  if (query.isPending) return <PageLoading label="Loading proofreading" />;
  if (query.isError) {
    return (
      <main id="main" className="page">
        <h1>Proofreading</h1>
        <div className="card proofread-error" role="alert">
          <p>{query.error instanceof ApiError ? query.error.message : 'Proofreading could not be loaded.'}</p>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </div>
      </main>
    );
  }
  const { items, is_proofreader } = query.data;
  const mine = items.filter((item) => item.role === 'author');
  const mineInProofreading = mine.filter((item) => item.state !== ProofreadingState.Edit);
  const mineToSubmit = mine.filter((item) => item.state === ProofreadingState.Edit);
  const others = items.filter((item) => item.role !== 'author');
  const waiting = others.filter((item) => item.state === ProofreadingState.SubmittedForProofread);
  const inWork = others.filter((item) => item.state !== ProofreadingState.SubmittedForProofread);
  return (
    <main id="main" className="page proofread-page">
      <header className="page-header">
        <h1>Proofreading</h1>
        <p className="muted">
          Answers go through proofreading before they are published: a proofreader suggests changes, an admin
          reviews them, the author accepts or rejects each one.
        </p>
      </header>
      <section className="card" aria-labelledby="mine-heading">
        <h2 id="mine-heading">Your articles in proofreading</h2>
        <ArticleList items={mineInProofreading} empty="None of your answers is in proofreading." />
      </section>
      <section className="card" aria-labelledby="submit-heading">
        <h2 id="submit-heading">Your answers</h2>
        <p className="muted">Open an answer to submit it for proofreading.</p>
        <ArticleList items={mineToSubmit} empty="You have no answer to submit. Write one first." />
        <p>
          <Link to="/create-answer">Write a new answer</Link>
        </p>
      </section>
      {is_proofreader ? (
        <>
          <section className="card" aria-labelledby="waiting-heading">
            <h2 id="waiting-heading">Waiting for a proofreader</h2>
            <ArticleList items={waiting} empty="No article is waiting for a proofreader." />
          </section>
          <section className="card" aria-labelledby="work-heading">
            <h2 id="work-heading">In proofreading</h2>
            <ArticleList items={inWork} empty="No article is in proofreading for you." />
          </section>
        </>
      ) : null}
    </main>
  );
}
