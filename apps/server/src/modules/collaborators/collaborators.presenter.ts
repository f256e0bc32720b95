import type { Collaborator, UserByIdDetails, UserDetails } from '@coderoom/contracts';
import { membershipRight } from '../content/content.policy.js';
import type { CollaboratorRow, UserDetailRow } from './collaborators.repository.js';

// Rows → the collaborators contract. Only people who may see the list get these answers.

/** A person found by id: name and picture only. The address is never handed to someone who did not type it. */
export function presentUserByIdDetails(row: UserDetailRow): UserByIdDetails {
  return { user_id: row.userId, full_name: row.fullName, profile_pic_url: row.profilePicUrl };
}

export function presentUserDetails(row: UserDetailRow): UserDetails {
  return {
    user_id: row.userId,
    email: row.email,
    full_name: row.fullName,
    profile_pic_url: row.profilePicUrl,
  };
}

export function presentCollaborator(
  membership: Pick<CollaboratorRow, 'role' | 'access' | 'addedBy' | 'addedAt'>,
  user: UserDetailRow,
): Collaborator {
  return {
    ...presentUserDetails(user),
    role: membership.role,
    access: membership.access,
    can_edit: membershipRight(membership) === 'write',
    added_by: membership.addedBy,
    added_at: membership.addedAt.toISOString(),
  };
}
