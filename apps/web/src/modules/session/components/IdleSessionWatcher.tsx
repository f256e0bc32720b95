import { OkSchema } from '@coderoom/contracts';
import { SESSION_IDLE_TIMEOUT_MS, SessionMessages } from '@coderoom/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/Button';
import { apiRequest } from '../../api/apiClient';
import { useLogout } from '../hooks/useSessionMutations';
import { type IdlePhase, idlePhase } from '../idlePhase';

// The dialog's code (Radix) is needed only after 14 idle minutes: not part of every page's first download.
const Dialog = lazy(() => import('../../../ui/Dialog').then((module) => ({ default: module.Dialog })));

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
// Lets tests shorten the 15 minutes; it can only change this browser's warning, never the server session.
const TIMEOUT_OVERRIDE_KEY = 'cr_idle_timeout_ms';

function idleTimeoutMs(): number {
  try {
    const override = Number(localStorage.getItem(TIMEOUT_OVERRIDE_KEY));
    if (Number.isFinite(override) && override > 0) return override;
  } catch {
    // Storage unavailable: use the default.
  }
  return SESSION_IDLE_TIMEOUT_MS;
}

/** After 15 idle minutes: "about to expire" (resume), then "has expired" (log in again). */
export function IdleSessionWatcher() {
  const lastActivity = useRef(Date.now());
  const [phase, setPhase] = useState<IdlePhase>('active');
  const { mutate: logout } = useLogout();
  const navigate = useNavigate();

  useEffect(() => {
    const timeout = idleTimeoutMs();
    const onActivity = () => {
      // Once the warning shows, only the dialog's button resumes: a stray key press should not hide it.
      if (idlePhase(lastActivity.current, Date.now(), timeout) === 'active')
        lastActivity.current = Date.now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    const timer = window.setInterval(() => {
      setPhase((current) =>
        current === 'expired' ? current : idlePhase(lastActivity.current, Date.now(), timeout),
      );
    }, 1000);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.clearInterval(timer);
    };
  }, []);

  // The server session ends at once; the page keeps showing the dialog until the user acts on it.
  useEffect(() => {
    if (phase === 'expired') {
      apiRequest('POST', '/api/user/logout', OkSchema, {}, { suppressUnauthorizedRedirect: true }).catch(
        () => undefined,
      );
    }
  }, [phase]);

  const resume = () => {
    lastActivity.current = Date.now();
    setPhase('active');
  };

  if (phase === 'warning') {
    return (
      <Suspense fallback={null}>
        <Dialog
          open
          title={SessionMessages.AboutToExpire}
          dismissible={false}
          description="You have been inactive for a while. Stay signed in?"
        >
          <div className="dialog-actions">
            <Button onClick={resume} autoFocus>
              Stay signed in
            </Button>
          </div>
        </Dialog>
      </Suspense>
    );
  }
  if (phase === 'expired') {
    return (
      <Suspense fallback={null}>
        <Dialog
          open
          title={SessionMessages.Expired}
          dismissible={false}
          description="For your security we signed you out. Log in again to continue where you left off."
        >
          <div className="dialog-actions">
            <Button
              autoFocus
              onClick={() => {
                const returnUrl = window.location.pathname + window.location.search;
                logout(undefined, {
                  onSettled: () => navigate(`/login?returnUrl=${encodeURIComponent(returnUrl)}`),
                });
              }}
            >
              Log in again
            </Button>
          </div>
        </Dialog>
      </Suspense>
    );
  }
  return null;
}
