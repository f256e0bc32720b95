import type { UserInfo } from '@coderoom/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { useLogout } from '../hooks/useSessionMutations';

import { Avatar } from './Avatar';

/** The account menu itself (Radix), loaded when the user first reaches for it (UserMenu.tsx). */
export function UserMenuPopup({ user, defaultOpen }: { user: UserInfo; defaultOpen: boolean }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="avatar-button" aria-label={`Account menu for ${user.full_name}`}>
        <Avatar name={user.full_name} pictureUrl={user.profile_pic_url} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <div className="menu-header">
            <strong>{user.full_name}</strong>
            <span className="muted">{user.email}</span>
          </div>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" onSelect={() => navigate('/learn/home')}>
            Home
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={() => navigate('/settings')}>
            Settings
          </DropdownMenu.Item>
          {user.admin && (
            <DropdownMenu.Item className="menu-item" onSelect={() => navigate('/admin/mailbox')}>
              Dev mailbox
            </DropdownMenu.Item>
          )}
          {user.admin && (
            <DropdownMenu.Item className="menu-item" onSelect={() => navigate('/admin/proofreaders')}>
              Proofreaders
            </DropdownMenu.Item>
          )}
          {user.admin && (
            <DropdownMenu.Item className="menu-item" onSelect={() => navigate('/editor-page')}>
              Marketing pages and blog
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item
            className="menu-item"
            onSelect={() => logout.mutate(undefined, { onSettled: () => navigate('/login') })}
          >
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
