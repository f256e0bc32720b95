import { useId } from 'react';
import { useOrganizationMembers, useOrganizationTeams } from '../api/organizationQueries';

/** The ids an assignment call takes for the value the field holds (`team:{id}` or `member:{id}`). */
export function assigneeIds(target: string): { member_ids: number[]; team_ids: number[] } {
  const [kind, id] = target.split(':');
  return {
    member_ids: kind === 'member' ? [Number(id)] : [],
    team_ids: kind === 'team' ? [Number(id)] : [],
  };
}

interface AssigneeFieldProps {
  organizationId: number;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}

/** "Assign to": one of the organization's teams or members (courses, paths and plans are assigned alike). */
export function AssigneeField({ organizationId, value, onChange, required = false }: AssigneeFieldProps) {
  const members = useOrganizationMembers(organizationId);
  const teams = useOrganizationTeams(organizationId);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Assign to</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} required={required}>
        <option value="">Choose…</option>
        <optgroup label="Teams">
          {teams.data?.teams.map((team) => (
            <option key={team.team_id} value={`team:${team.team_id}`}>
              {team.name}
            </option>
          ))}
        </optgroup>
        <optgroup label="Members">
          {members.data?.members.map((member) => (
            <option key={member.member_id} value={`member:${member.member_id}`}>
              {member.full_name ?? member.email}
            </option>
          ))}
        </optgroup>
      </select>
    </div>
  );
}
