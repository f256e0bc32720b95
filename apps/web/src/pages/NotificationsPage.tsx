import '../modules/organizations/organizations.css';
import '../modules/reader/reader.css';
import { NotificationReadState } from '@coderoom/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from '../modules/notifications/api/notificationQueries';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { Pager } from '../ui/Pager';

function Notifications() {
  usePageTitle('Notifications');
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useNotifications(page);
  const markAll = useMarkAllRead();
  const markRead = useMarkRead();
  return (
    <main id="main" className="page">
      <header className="page-header org-section-head">
        <h1>Notifications</h1>
        <Button
          variant="secondary"
          onClick={() => markAll.mutate()}
          disabled={!data || data.unread_count === 0}
        >
          Mark all as read
        </Button>
      </header>
      {isPending ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : isError ? (
        <p role="alert">Notifications could not be loaded. Reload to try again.</p>
      ) : data.notifications.length === 0 ? (
        <div className="card empty-state">
          <p className="muted">
            No notifications yet. Assignments, team changes and due dates will show up here.
          </p>
        </div>
      ) : (
        <>
          <p className="muted">{data.unread_count} unread</p>
          <ul className="notification-list">
            {data.notifications.map((item) => {
              const unread = item.read_state === NotificationReadState.Unread;
              return (
                <li key={item.id} className={`card notification-item${unread ? ' is-unread' : ''}`}>
                  <div>
                    <p className="notification-title">
                      {unread && <span className="visually-hidden">Unread: </span>}
                      {item.link ? (
                        <Link to={item.link} onClick={() => unread && markRead.mutate(item.id)}>
                          {item.title}
                        </Link>
                      ) : (
                        item.title
                      )}
                    </p>
                    {item.body && <p className="muted small">{item.body}</p>}
                    <p className="muted small">
                      <time dateTime={item.created}>{new Date(item.created).toLocaleString()}</time>
                    </p>
                  </div>
                  {unread && (
                    <Button variant="ghost" onClick={() => markRead.mutate(item.id)}>
                      Mark as read<span className="visually-hidden">: {item.title}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <Pager
            page={page}
            pages={Math.ceil(data.total / data.page_size)}
            onPage={setPage}
            label="Notification pages"
            previousLabel="Newer"
            nextLabel="Older"
          />
        </>
      )}
    </main>
  );
}

/** /notifications: the in-app notifications (spec 002 §3.6). */
export function NotificationsPage() {
  return (
    <RequireUser>
      <Notifications />
    </RequireUser>
  );
}
