import type { AddCollaboratorRequest, Collaborator, CollaboratorAccess } from '@coderoom/contracts';
import { useState } from 'react';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { useCollaboratorActions } from '../api/useCollaboratorActions';
import { useCollaborators } from '../api/useCollaborators';
import { collaboratorRoleLabel } from '../utils/collaboratorRoleLabel';
import { AddCollaboratorForm } from './AddCollaboratorForm';
import { ConfirmDialog } from './ConfirmDialog';

type Message = { tone: 'success' | 'error'; text: string } | null;

const errorTextOf = (error: unknown) =>
  error instanceof ApiError ? error.errorText : 'Something went wrong. Please try again.';

/** Who works on the collection. The owner (and admins) add, change and remove people; others only see. */
export function CollaboratorsPanel({ authorId, collectionId }: { authorId: number; collectionId: number }) {
  const query = useCollaborators(authorId, collectionId);
  const { add, changeAccess, remove } = useCollaboratorActions(authorId, collectionId);
  const [message, setMessage] = useState<Message>(null);
  const [pendingRemove, setPendingRemove] = useState<Collaborator | null>(null);

  const run = async (write: () => Promise<unknown>, success: string): Promise<boolean> => {
    setMessage(null);
    try {
      await write();
      setMessage({ tone: 'success', text: success });
      return true;
    } catch (error) {
      // Server messages are the spec's own ('… is already added as a reviewer.'), shown as they are.
      setMessage({ tone: 'error', text: errorTextOf(error) });
      return false;
    }
  };

  const addPerson = (request: AddCollaboratorRequest) =>
    run(
      () => add.mutateAsync(request),
      `${request.email} was added as a ${collaboratorRoleLabel[request.role].toLowerCase()}.`,
    );

  const setAccess = (person: Collaborator, access: CollaboratorAccess) =>
    void run(
      () => changeAccess.mutateAsync({ userId: person.user_id, access }),
      `${person.full_name || person.email} can now ${access === 'editor' ? 'edit' : 'only view'}.`,
    );

  if (query.isPending) {
    return (
      <section className="card section studio-collaborators" aria-labelledby="studio-collaborators-title">
        <h2 id="studio-collaborators-title">People</h2>
        <p className="muted small">Loading…</p>
      </section>
    );
  }
  if (query.error) {
    return (
      <section className="card section studio-collaborators" aria-labelledby="studio-collaborators-title">
        <h2 id="studio-collaborators-title">People</h2>
        <FormMessage tone="error">{errorTextOf(query.error)}</FormMessage>
      </section>
    );
  }

  const { owner, collaborators, co_authors, reviewers, can_manage: canManage } = query.data;
  const people = [...collaborators, ...co_authors, ...reviewers];
  return (
    <section className="card section studio-collaborators" aria-labelledby="studio-collaborators-title">
      <h2 id="studio-collaborators-title">People</h2>
      <p className="small muted">
        {canManage
          ? 'Invite collaborators and co-authors to view or edit the draft, and reviewers to read it.'
          : 'Only the owner can change who works on this course.'}
      </p>
      <table className="studio-people">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Access</th>
            {canManage && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <strong>{owner.full_name}</strong> <span className="small muted">{owner.email}</span>
            </td>
            <td>Owner</td>
            <td>Can edit</td>
            {canManage && <td />}
          </tr>
          {people.map((person) => {
            const name = person.full_name || person.email;
            return (
              <tr key={person.user_id}>
                <td>
                  <strong>{name}</strong> <span className="small muted">{person.email}</span>
                </td>
                <td>{collaboratorRoleLabel[person.role]}</td>
                <td>
                  {canManage && person.role !== 'reviewer' ? (
                    <select
                      aria-label={`Access of ${name}`}
                      value={person.access}
                      disabled={changeAccess.isPending}
                      onChange={(event) => setAccess(person, event.target.value as CollaboratorAccess)}
                    >
                      <option value="viewer">Can view</option>
                      <option value="editor">Can edit</option>
                    </select>
                  ) : person.access === 'editor' ? (
                    'Can edit'
                  ) : (
                    'Can view'
                  )}
                </td>
                {canManage && (
                  <td className="studio-people-actions">
                    <button
                      type="button"
                      className="studio-link-button studio-danger-text"
                      aria-label={`Remove ${name}`}
                      onClick={() => setPendingRemove(person)}
                    >
                      Remove
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {people.length === 0 && <p className="small muted">Nobody else works on this course yet.</p>}
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      {canManage && <AddCollaboratorForm busy={add.isPending} onAdd={addPerson} />}
      <ConfirmDialog
        open={pendingRemove !== null}
        title="Remove from this course"
        message={
          pendingRemove
            ? `${pendingRemove.full_name || pendingRemove.email} will no longer see or edit the draft.`
            : ''
        }
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={() => {
          const person = pendingRemove;
          if (!person) return;
          void run(
            () => remove.mutateAsync(person.user_id),
            `${person.full_name || person.email} was removed.`,
          ).then(() => setPendingRemove(null));
        }}
        onCancel={() => setPendingRemove(null)}
      />
    </section>
  );
}
