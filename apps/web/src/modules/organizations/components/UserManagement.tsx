import { ENTERPRISE_ROLE_LABEL, EnterpriseRole, ErrorMessages } from '@coderoom/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { useAddUsers, useRemoveUser, useResendInvitation, useUpdateRole } from '../api/organizationMutations';
import { useOrganizationMembers, useOrganizationTeams } from '../api/organizationQueries';
import { operationMessage } from '../api/pollOperation';

const ROLES = [
  EnterpriseRole.Learner,
  EnterpriseRole.Manager,
  EnterpriseRole.Admin,
  EnterpriseRole.Executive,
];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : ErrorMessages.DefaultFailure);

/** Add users by e-mail or CSV (asynchronous, polled), change roles, remove (admins; others read). */
export function UserManagement({
  organizationId,
  canManage,
}: {
  organizationId: number;
  canManage: boolean;
}) {
  const members = useOrganizationMembers(organizationId);
  const teams = useOrganizationTeams(organizationId);
  const addUsers = useAddUsers(organizationId);
  const removeUser = useRemoveUser(organizationId);
  const updateRole = useUpdateRole(organizationId);
  const resend = useResendInvitation(organizationId);
  const [emails, setEmails] = useState('');
  const [csv, setCsv] = useState('');
  const [role, setRole] = useState<number>(EnterpriseRole.Learner);
  const [teamId, setTeamId] = useState('');
  const [status, setStatus] = useState<{ tone: 'info' | 'success' | 'error'; text: string } | null>(null);
  const emailsId = useId();
  const roleId = useId();
  const teamIdField = useId();
  const csvId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const list = emails
      .split(/[\s,;]+/)
      .map((email) => email.trim())
      .filter(Boolean);
    try {
      const done = await addUsers.mutateAsync({
        input: {
          ...(list.length > 0 ? { emails: list } : {}),
          ...(csv ? { csv } : {}),
          ...(list.length === 0 && !csv ? { emails: [] } : {}),
          role: role as (typeof ROLES)[number],
          ...(teamId ? { team_id: Number(teamId) } : {}),
        },
        onSlow: () => setStatus({ tone: 'info', text: ErrorMessages.SlowOperation }),
      });
      const text = operationMessage(done);
      const added = done.result?.added?.length ?? 0;
      setStatus({
        tone: done.state === 'done' ? 'success' : 'error',
        text: done.state === 'done' ? `${text}: ${added} added.` : text,
      });
      if (done.state === 'done') {
        setEmails('');
        setCsv('');
      }
    } catch (error) {
      setStatus({ tone: 'error', text: messageOf(error) });
    }
  };

  const readCsv = async (file: File | undefined) => setCsv(file ? await file.text() : '');

  return (
    <section aria-labelledby="users-heading" className="org-section">
      <h2 id="users-heading">User management</h2>
      {canManage && (
        <form className="card org-form" onSubmit={submit}>
          <h3>Add users</h3>
          <div className="field">
            <label htmlFor={emailsId}>E-mail addresses</label>
            <textarea
              id={emailsId}
              rows={2}
              value={emails}
              onChange={(event) => setEmails(event.target.value)}
              placeholder="ada@example.com, lin@example.com"
            />
          </div>
          <div className="field">
            <label htmlFor={csvId}>Or a CSV file of addresses</label>
            <input
              id={csvId}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => readCsv(event.target.files?.[0])}
            />
          </div>
          <div className="org-form-row">
            <div className="field">
              <label htmlFor={roleId}>Role</label>
              <select id={roleId} value={role} onChange={(event) => setRole(Number(event.target.value))}>
                {ROLES.map((value) => (
                  <option key={value} value={value}>
                    {ENTERPRISE_ROLE_LABEL[value]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={teamIdField}>Team (optional)</label>
              <select id={teamIdField} value={teamId} onChange={(event) => setTeamId(event.target.value)}>
                <option value="">No team</option>
                {teams.data?.teams.map((team) => (
                  <option key={team.team_id} value={team.team_id}>
                    {team.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Button type="submit" disabled={addUsers.isPending}>
            {addUsers.isPending ? 'Adding…' : 'Add users'}
          </Button>
          {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
        </form>
      )}
      {members.isPending ? (
        <p className="muted" role="status">
          Loading members…
        </p>
      ) : members.isError ? (
        <p role="alert">
          {members.error instanceof ApiError ? members.error.message : 'Members could not be loaded.'}
        </p>
      ) : members.data.members.length === 0 ? (
        <p className="muted">No members yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="org-table">
            <caption className="visually-hidden">Members</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                {canManage && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((member) => (
                <tr key={member.member_id}>
                  <td>{member.full_name ?? <span className="muted">Invited</span>}</td>
                  <td>{member.email}</td>
                  <td>
                    {canManage ? (
                      <select
                        aria-label={`Role of ${member.email}`}
                        value={member.role}
                        onChange={(event) =>
                          updateRole.mutate(
                            {
                              member_id: member.member_id,
                              role: Number(event.target.value) as (typeof ROLES)[number],
                            },
                            { onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }) },
                          )
                        }
                      >
                        {ROLES.map((value) => (
                          <option key={value} value={value}>
                            {ENTERPRISE_ROLE_LABEL[value]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      member.role_label
                    )}
                  </td>
                  {canManage && (
                    <td>
                      {member.is_invited && (
                        <Button
                          variant="secondary"
                          onClick={() =>
                            resend.mutate(member.member_id, {
                              onSuccess: () =>
                                setStatus({ tone: 'success', text: `Invitation sent to ${member.email}.` }),
                              onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }),
                            })
                          }
                        >
                          Resend invitation<span className="visually-hidden"> to {member.email}</span>
                        </Button>
                      )}
                      <Button
                        variant="ghost"
                        onClick={() =>
                          removeUser.mutate(member.member_id, {
                            onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }),
                          })
                        }
                      >
                        Remove<span className="visually-hidden"> {member.email}</span>
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
