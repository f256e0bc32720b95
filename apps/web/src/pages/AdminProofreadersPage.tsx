import '../modules/proofreading/proofreading.css';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useProofreaderActions, useProofreaders } from '../modules/proofreading/api/useProofreaders';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';
import { TextField } from '../ui/TextField';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.errorText : fallback;

function Proofreaders() {
  usePageTitle('Proofreaders');
  const list = useProofreaders();
  const { add, remove } = useProofreaderActions();
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (list.error instanceof ApiError && list.error.status === 403) return <ErrorPage code={403} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    add.mutate(email.trim(), {
      onSuccess: (added) => {
        setEmail('');
        setNotice({ tone: 'success', text: `${added.full_name} can now proofread.` });
      },
      onError: (error) =>
        setNotice({ tone: 'error', text: messageOf(error, 'Could not add the proofreader.') }),
    });
  };

  return (
    <main id="main" className="page proofread-page">
      <header className="page-header">
        <h1>Proofreaders</h1>
        <p className="muted">
          Proofreaders claim submitted answers from the <Link to="/proofread">proofreading queue</Link> and
          suggest changes; they are told by notification and e-mail when an article is submitted. Platform
          admins proofread as well.
        </p>
      </header>
      <section className="card" aria-labelledby="add-proofreader-heading">
        <h2 id="add-proofreader-heading">Add a proofreader</h2>
        <form className="proofreader-add" onSubmit={submit}>
          <TextField
            label="E-mail address of their account"
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" busy={add.isPending}>
            Add
          </Button>
        </form>
        {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      </section>
      <section className="card" aria-labelledby="proofreaders-heading">
        <h2 id="proofreaders-heading">Current proofreaders</h2>
        {list.isPending ? (
          <PageLoading label="Loading proofreaders" />
        ) : list.error ? (
          <FormMessage tone="error">{messageOf(list.error, 'Proofreaders could not be loaded.')}</FormMessage>
        ) : list.data.proofreaders.length === 0 ? (
          <p className="muted">Nobody proofreads yet.</p>
        ) : (
          <ul className="proofreader-list">
            {list.data.proofreaders.map((proofreader) => (
              <li key={proofreader.user_id}>
                <span>
                  <strong>{proofreader.full_name}</strong>{' '}
                  <span className="muted small">{proofreader.email}</span>
                </span>
                <Button
                  variant="secondary"
                  busy={remove.isPending && remove.variables === proofreader.user_id}
                  aria-label={`Remove ${proofreader.full_name}`}
                  onClick={() => {
                    setNotice(null);
                    remove.mutate(proofreader.user_id, {
                      onSuccess: () =>
                        setNotice({
                          tone: 'success',
                          text: `${proofreader.full_name} no longer proofreads.`,
                        }),
                      onError: (error) =>
                        setNotice({
                          tone: 'error',
                          text: messageOf(error, 'Could not remove the proofreader.'),
                        }),
                    });
                  }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/** `/admin/proofreaders`: platform super admins add and remove proofreaders (docs/proofreading.md). */
export function AdminProofreadersPage() {
  return (
    <RequireUser>
      <Proofreaders />
    </RequireUser>
  );
}
