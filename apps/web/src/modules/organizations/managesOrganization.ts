import type { UserInfo } from '@coderoom/contracts';
import { EnterpriseRole } from '@coderoom/domain';

/** Whether the user manages something in their active organization: the management area is offered. */
export function managesOrganization(user: UserInfo): boolean {
  const active = user.enterprise.organizations.find(
    (organization) => organization.organization_id === user.enterprise.active_organization_id,
  );
  if (!active) return false;
  return (
    active.is_admin ||
    active.is_manager ||
    active.is_user_team_manager ||
    active.role === EnterpriseRole.Executive
  );
}
