import type { CollaboratorRoleName } from '@coderoom/contracts';

export const collaboratorRoleLabel: Record<CollaboratorRoleName, string> = {
  collaborator: 'Collaborator',
  co_author: 'Co-author',
  reviewer: 'Reviewer',
};
