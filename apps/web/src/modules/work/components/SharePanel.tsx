import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useWorkAction } from '../api/useWorkAction';
import { useWorkCollaborators } from '../api/useWorkCollaborators';

/** Who works on an item, and (for editors) sharing it by e-mail with a role. */
export function SharePanel({ itemId, canShare }: { itemId: number; canShare: boolean }) {
  const collaborators = useWorkCollaborators(itemId);
  const action = useWorkAction();
  const emailId = useId();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('edit');
  return (
    <section className="work-section" aria-labelledby="work-share-heading">
      <h2 id="work-share-heading">People</h2>
      {collaborators.error && <FormMessage tone="error">{collaborators.error.message}</FormMessage>}
      <ul>
        {collaborators.data?.map((person) => (
          <li key={person.user_id}>
            {person.full_name} ({person.email}) — {person.role}
            {person.inherited_from !== null && (
              <span className="muted small"> · shared on an item above</span>
            )}
          </li>
        ))}
        {collaborators.data?.length === 0 && <li className="muted">Only the owner so far.</li>}
      </ul>
      {canShare && (
        <form
          className="work-create"
          onSubmit={(event) => {
            event.preventDefault();
            action.mutate(
              { method: 'PUT', path: `/api/workflows/items/${itemId}/collaborators`, body: { email, role } },
              { onSuccess: () => setEmail('') },
            );
          }}
        >
          <div className="field">
            <label htmlFor={emailId}>Share with (e-mail)</label>
            <input
              id={emailId}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={roleId}>Role</label>
            <select id={roleId} value={role} onChange={(e) => setRole(e.target.value)}>
              <option value="view">Can view</option>
              <option value="comment">Can comment</option>
              <option value="edit">Can edit</option>
            </select>
          </div>
          <Button type="submit" variant="secondary" busy={action.isPending}>
            Share
          </Button>
          {action.error && <FormMessage tone="error">{action.error.message}</FormMessage>}
        </form>
      )}
    </section>
  );
}
