import type {
  Assignment,
  CollectionCard,
  OrganizationMember,
  OrganizationOperation,
  OrganizationTeam,
} from '@coderoom/contracts';
import { ENTERPRISE_ROLE_LABEL, type EnterpriseRole } from '@coderoom/domain';
import type {
  AssignmentRow,
  MemberRow,
  OperationRow,
  TeamMemberRow,
  TeamRow,
} from './organizations.repository.js';

export function presentMember(
  member: MemberRow,
  fullName: string | null,
  teamRows: readonly TeamMemberRow[],
): OrganizationMember {
  return {
    member_id: member.id,
    user_id: member.userId,
    email: member.email,
    full_name: fullName,
    role: member.role as EnterpriseRole,
    role_label: ENTERPRISE_ROLE_LABEL[member.role] ?? '',
    admin_level: member.adminLevel,
    is_mentor: member.isMentor,
    mentor_member_id: member.mentorMemberId,
    is_invited: member.userId === null,
    team_ids: teamRows.filter((row) => row.memberId === member.id).map((row) => row.teamId),
  };
}

export function presentTeam(
  team: TeamRow,
  teamRows: readonly TeamMemberRow[],
  members: ReadonlyMap<number, { member: MemberRow; fullName: string | null }>,
): OrganizationTeam {
  return {
    team_id: team.id,
    name: team.name,
    members: teamRows
      .filter((row) => row.teamId === team.id)
      .flatMap((row) => {
        const entry = members.get(row.memberId);
        return entry
          ? [
              {
                member_id: row.memberId,
                email: entry.member.email,
                full_name: entry.fullName,
                team_role: row.role,
              },
            ]
          : [];
      }),
  };
}

export function presentAssignment(
  row: AssignmentRow,
  card: CollectionCard,
  percent: number,
  now: Date,
): Assignment {
  const completed = percent >= 100;
  return {
    assignment_id: row.id,
    member_id: row.memberId,
    card,
    due_date: row.dueDate?.toISOString() ?? null,
    assigned_at: row.createdAt.toISOString(),
    team_id: row.teamId,
    percent,
    completed,
    is_overdue: !completed && row.dueDate !== null && row.dueDate < now,
  };
}

export function presentOperation(row: OperationRow): OrganizationOperation {
  return {
    operation_id: row.id,
    kind: row.kind,
    state: row.state,
    result: (row.result as OrganizationOperation['result']) ?? null,
  };
}
