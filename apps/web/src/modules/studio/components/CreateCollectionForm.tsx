import type { AuthorWorkType, CreateCollectionResponse } from '@coderoom/contracts';
import { CREATING_TOAST, createdToast, createFailedToast } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useCreateCollection } from '../api/useCreateCollection';
import { Checkbox } from './Checkbox';
import type { ToastState } from './ProgressToast';

const TYPE_NAMES: Record<AuthorWorkType, string> = {
  course: 'Course',
  path: 'Path',
  skill_assessment: 'Skill Assessment',
  questionnaire: 'Questionnaire',
  standalone_project: 'Project',
  standalone_cloud_lab: 'Cloud Lab',
};

/** "Create a course or path": a title and a kind; progress is reported through the toast. */
export function CreateCollectionForm({
  onToast,
  onCreated,
}: {
  onToast: (toast: ToastState) => void;
  onCreated: (created: CreateCollectionResponse, workType: AuthorWorkType) => void;
}) {
  const [title, setTitle] = useState('');
  const [workType, setWorkType] = useState<AuthorWorkType>('course');
  const [isCollaborative, setIsCollaborative] = useState(false);
  const create = useCreateCollection();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typeName = TYPE_NAMES[workType];
    onToast({ tone: 'progress', text: CREATING_TOAST });
    create.mutate(
      {
        workType,
        request: {
          title: title.trim(),
          work_type: workType,
          isPrivate: false,
          enableCollaborativeEditor: isCollaborative,
        },
      },
      {
        onSuccess: (created) => {
          onToast({ tone: 'success', text: createdToast(typeName) });
          onCreated(created, workType);
        },
        onError: () => onToast({ tone: 'error', text: createFailedToast(typeName) }),
      },
    );
  };

  return (
    <form className="card section studio-create" onSubmit={submit}>
      <h2>Create a course or path</h2>
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
            <option value="skill_assessment">Skill assessment</option>
            <option value="questionnaire">Questionnaire</option>
            <option value="standalone_project">Project</option>
            <option value="standalone_cloud_lab">Cloud lab</option>
          </select>
        </div>
        <Button type="submit" busy={create.isPending}>
          Create
        </Button>
      </div>
      <Checkbox
        label="Enable collaborative editor (co-authors edit lessons together, live)"
        checked={isCollaborative}
        onChange={setIsCollaborative}
      />
    </form>
  );
}
