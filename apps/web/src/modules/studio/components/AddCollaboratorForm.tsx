import type { AddCollaboratorRequest, CollaboratorAccess, CollaboratorRoleName } from '@coderoom/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { collaboratorRoleLabel } from '../utils/collaboratorRoleLabel';
import { COLLABORATOR_EMAIL_FIELD_ID } from '../utils/focusEditorField';

/** E-mail, role and access of a new person; reviewers always only view. */
export function AddCollaboratorForm({
  busy,
  onAdd,
}: {
  busy: boolean;
  /** Resolves true when the person was added, so the form can clear itself. */
  onAdd: (request: AddCollaboratorRequest) => Promise<boolean>;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CollaboratorRoleName>('collaborator');
  const [access, setAccess] = useState<CollaboratorAccess>('viewer');
  const isReviewer = role === 'reviewer';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    if (await onAdd({ email: email.trim(), role, access: isReviewer ? 'viewer' : access })) setEmail('');
  };

  return (
    <form className="studio-add-collaborator" onSubmit={(event) => void submit(event)}>
      <TextField
        id={COLLABORATOR_EMAIL_FIELD_ID}
        label="E-mail"
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="field">
        <label htmlFor={`${id}-role`}>Role</label>
        <select
          id={`${id}-role`}
          value={role}
          onChange={(event) => setRole(event.target.value as CollaboratorRoleName)}
        >
          {Object.entries(collaboratorRoleLabel).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-access`}>Access</label>
        <select
          id={`${id}-access`}
          value={isReviewer ? 'viewer' : access}
          disabled={isReviewer}
          onChange={(event) => setAccess(event.target.value as CollaboratorAccess)}
        >
          <option value="viewer">Can view</option>
          <option value="editor">Can edit</option>
        </select>
      </div>
      <Button type="submit" busy={busy}>
        Add
      </Button>
    </form>
  );
}
