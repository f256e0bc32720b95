import type { UserInfo } from '@coderoom/contracts';
import { lazy, Suspense, useState } from 'react';
import { Avatar } from './Avatar';

const loadPopup = () => import('./UserMenuPopup');
const UserMenuPopup = lazy(() => loadPopup().then((module) => ({ default: module.UserMenuPopup })));

/** The avatar button; the menu's code (Radix) loads when the pointer or focus first reaches it. */
export function UserMenu({ user }: { user: UserInfo }) {
  const [state, setState] = useState<'plain' | 'ready' | 'open'>('plain');
  const plain = (
    <button
      type="button"
      className="avatar-button"
      aria-label={`Account menu for ${user.full_name}`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => setState((current) => (current === 'plain' ? 'ready' : current))}
      // Focus only fetches the code: swapping the focused button would lose keyboard focus.
      onFocus={() => void loadPopup()}
      onClick={() => setState('open')}
    >
      <Avatar name={user.full_name} pictureUrl={user.profile_pic_url} />
    </button>
  );
  if (state === 'plain') return plain;
  return (
    <Suspense fallback={plain}>
      <UserMenuPopup user={user} defaultOpen={state === 'open'} />
    </Suspense>
  );
}
