import '../notifications.css';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/notificationQueries';

/** The header's bell: a link to the notifications page with the unread count (spec 002 §3.6). */
export function NotificationBell() {
  const { data } = useUnreadCount(true);
  const unread = data?.unread_count ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Link to="/notifications" className="btn btn-ghost notification-bell" aria-label={label} title={label}>
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {unread > 0 && (
        <span className="notification-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
