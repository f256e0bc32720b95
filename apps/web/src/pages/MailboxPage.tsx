import { useState } from 'react';
import { ApiError } from '../modules/api/ApiError';
import { RequireUser } from '../modules/session/components/RequireUser';
import { useMailbox } from '../modules/shell/useMailbox';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

/** Links in the plain-text body become clickable; everything else stays text (no HTML is rendered). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <>
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Mailbox() {
  usePageTitle('Dev mailbox');
  const mailbox = useMailbox();
  const [openId, setOpenId] = useState<number | null>(null);
  if (mailbox.error instanceof ApiError && mailbox.error.status === 403) return <ErrorPage code={403} />;
  const messages = mailbox.data?.messages ?? [];
  const open = messages.find((message) => message.id === openId) ?? messages[0];
  return (
    <main id="main" className="page page-wide">
      <header className="page-header">
        <h1>Dev mailbox</h1>
        <p className="muted">
          Every e-mail the platform sent while no SMTP server is configured. Newest first.
        </p>
      </header>
      {mailbox.error && <FormMessage tone="error">{mailbox.error.message}</FormMessage>}
      {mailbox.isPending ? (
        <PageLoading label="Loading mail" />
      ) : messages.length === 0 ? (
        <section className="empty-state card">
          <h2>No mail yet</h2>
          <p className="muted">Password reset e-mails and other notifications will appear here.</p>
        </section>
      ) : (
        <div className="mailbox">
          <ul className="mail-list" aria-label="Messages">
            {messages.map((message) => (
              <li key={message.id}>
                <button
                  type="button"
                  className={`mail-item${open?.id === message.id ? ' mail-item-open' : ''}`}
                  aria-current={open?.id === message.id ? 'true' : undefined}
                  onClick={() => setOpenId(message.id)}
                >
                  <strong>{message.subject}</strong>
                  <span className="muted small">
                    To {message.to} · {new Date(message.created).toLocaleString()}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {open && (
            <article className="card mail-view" aria-label={open.subject}>
              <h2>{open.subject}</h2>
              <p className="muted small">To {open.to}</p>
              <pre className="mail-body">
                <Linkified text={open.text} />
              </pre>
            </article>
          )}
        </div>
      )}
    </main>
  );
}

export function MailboxPage() {
  return (
    <RequireUser>
      <Mailbox />
    </RequireUser>
  );
}
