import type { AuthorWorkType, CreateCollectionResponse } from '@coderoom/contracts';
import { CREATING_TOAST, createdToast, createFailedToast } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useCreateCollection } from '../api/useCreateCollection';
import type { ToastState } from './ProgressToast';

const TYPE_NAMES: Record<AuthorWorkType, string> = { course: 'Course', path: 'Path' };

/** "Create a course": a title and a kind; progress is reported through the toast. */
export function CreateCollectionForm({
  onToast,
  onCreated,
}: {
  onToast: (toast: ToastState) => void;
  onCreated: (created: CreateCollectionResponse) => void;
}) {
  const [title, setTitle] = useState('');
  const [workType, setWorkType] = useState<AuthorWorkType>('course');
  const create = useCreateCollection();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typeName = TYPE_NAMES[workType];
    onToast({ tone: 'progress', text: CREATING_TOAST });
    create.mutate(
      { workType, request: { title: title.trim(), work_type: workType, isPrivate: false } },
      {
        onSuccess: (created) => {
          onToast({ tone: 'success', text: createdToast(typeName) });
          onCreated(created);
        },
        onError: () => onToast({ tone: 'error', text: createFailedToast(typeName) }),
      },
    );
  };

  return (
    <form className="card section studio-create" onSubmit={submit}>
      <h2>Create a course</h2>
      <p className="muted">Give it a working title; you can change it and add the details in the editor.</p>
      <div className="studio-create-row">
        <TextField
          label="Title"
          value={title}
          maxLength={200}
          placeholder="e.g. Python for data wrangling"
          onChange={(event) => setTitle(event.target.value)}
        />
        <div className="field studio-create-type">
          <label htmlFor="studio-work-type">Kind</label>
          <select
            id="studio-work-type"
            value={workType}
            onChange={(event) => setWorkType(event.target.value as AuthorWorkType)}
          >
            <option value="course">Course</option>
            <option value="path">Path</option>
          </select>
        </div>
        <Button type="submit" busy={create.isPending}>
          Create
        </Button>
      </div>
    </form>
  );
}
