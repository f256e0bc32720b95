import { ErrorMessages } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { useCreateTeam, useDeleteTeam, useUpdateTeam } from '../api/organizationMutations';
import { useOrganizationMembers, useOrganizationTeams } from '../api/organizationQueries';
import { operationMessage } from '../api/pollOperation';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : ErrorMessages.DefaultFailure);

/** Create (asynchronous, polled), rename and delete teams; add members to them. */
export function TeamsManagement({
  organizationId,
  canManage,
}: {
  organizationId: number;
  canManage: boolean;
}) {
  const teams = useOrganizationTeams(organizationId);
  const members = useOrganizationMembers(organizationId);
  const createTeam = useCreateTeam(organizationId);
  const updateTeam = useUpdateTeam(organizationId);
  const deleteTeam = useDeleteTeam(organizationId);
  const [name, setName] = useState('');
  const [memberIds, setMemberIds] = useState<number[]>([]);
  const [status, setStatus] = useState<{ tone: 'info' | 'success' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    try {
      const done = await createTeam.mutateAsync({
        input: { name, member_ids: memberIds, manager_ids: [] },
        onSlow: () => setStatus({ tone: 'info', text: ErrorMessages.SlowOperation }),
      });
      setStatus({ tone: done.state === 'done' ? 'success' : 'error', text: operationMessage(done) });
      if (done.state === 'done') {
        setName('');
        setMemberIds([]);
      }
    } catch (error) {
      setStatus({ tone: 'error', text: messageOf(error) });
    }
  };

  const rename = (teamId: number, current: string) => {
    const next = window.prompt('New team name', current)?.trim();
    if (!next || next === current) return;
    updateTeam.mutate(
      { teamId, input: { name: next } },
      { onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }) },
    );
  };

  return (
    <section aria-labelledby="teams-heading" className="org-section">
      <h2 id="teams-heading">Teams management</h2>
      {canManage && (
        <form className="card org-form" onSubmit={submit}>
          <h3>Create a team</h3>
          <TextField
            label="Team name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={120}
          />
          {members.data && members.data.members.length > 0 && (
            <fieldset className="org-checks">
              <legend>Members</legend>
              {members.data.members.map((member) => (
                <label key={member.member_id} className="check">
                  <input
                    type="checkbox"
                    checked={memberIds.includes(member.member_id)}
                    onChange={(event) =>
                      setMemberIds((ids) =>
                        event.target.checked
                          ? [...ids, member.member_id]
                          : ids.filter((id) => id !== member.member_id),
                      )
                    }
                  />
                  {member.full_name ?? member.email}
                </label>
              ))}
            </fieldset>
          )}
          <Button type="submit" disabled={createTeam.isPending || !name.trim()}>
            {createTeam.isPending ? 'Creating…' : 'Create team'}
          </Button>
          {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
        </form>
      )}
      {teams.isPending ? (
        <p className="muted" role="status">
          Loading teams…
        </p>
      ) : teams.isError ? (
        <p role="alert">{messageOf(teams.error)}</p>
      ) : teams.data.teams.length === 0 ? (
        <p className="muted">No teams yet.</p>
      ) : (
        <ul className="org-teams">
          {teams.data.teams.map((team) => (
            <li key={team.team_id} className="card">
              <h3>{team.name}</h3>
              <p className="muted small">
                {team.members.length === 0
                  ? 'No members'
                  : team.members
                      .map(
                        (member) =>
                          `${member.full_name ?? member.email}${member.team_role === 7001 ? ' (manager)' : ''}`,
                      )
                      .join(', ')}
              </p>
              {canManage && (
                <div className="org-actions">
                  <Button variant="secondary" onClick={() => rename(team.team_id, team.name)}>
                    Rename<span className="visually-hidden"> {team.name}</span>
                  </Button>
                  <Button variant="ghost" onClick={() => deleteTeam.mutate(team.team_id)}>
                    Delete<span className="visually-hidden"> {team.name}</span>
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
