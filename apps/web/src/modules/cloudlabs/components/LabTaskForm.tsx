import type { CloudLabEditorResponse } from '@coderoom/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import type { LabAddress } from '../api/LabAddress';
import { useSaveLabTask } from '../api/useSaveLabTask';
import { TextAreaField } from './TextAreaField';

type EditorTask = CloudLabEditorResponse['tasks'][number];

/**
 * One task: instructions for the learner, the protected check script and the reference solution.
 * `isReadOnly` shows it without Save, for the people invited to read the lab.
 */
export function LabTaskForm({
  address,
  task,
  isReadOnly = false,
  onSaved,
}: {
  address: LabAddress;
  task: EditorTask | null;
  isReadOnly?: boolean;
  onSaved?: (lab: CloudLabEditorResponse) => void;
}) {
  const save = useSaveLabTask(address);
  const [title, setTitle] = useState(task?.title ?? '');
  const [instructions, setInstructions] = useState(task?.instructions ?? '');
  const [check, setCheck] = useState(task?.check ?? '');
  const [solution, setSolution] = useState(task?.solution ?? '');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        taskId: task?.task_id ?? null,
        input: { title, instructions, check, solution: solution.trim() ? solution : null },
      },
      { onSuccess: onSaved },
    );
  };

  return (
    <form className="card cloudlab-editor-form" onSubmit={submit} aria-label={task ? 'Task' : 'New task'}>
      <TextField
        label="Task title"
        disabled={isReadOnly}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
      />
      <TextAreaField
        label="Instructions (Markdown)"
        disabled={isReadOnly}
        rows={8}
        value={instructions}
        onChange={(event) => setInstructions(event.target.value)}
      />
      <TextAreaField
        label="Check script"
        disabled={isReadOnly}
        hint="Runs with /bin/sh in the learner's lab; exit code 0 completes the task. Learners never see it."
        rows={8}
        className="cloudlab-code"
        value={check}
        onChange={(event) => setCheck(event.target.value)}
        required
      />
      <TextAreaField
        label="Solution (optional)"
        disabled={isReadOnly}
        hint="A script that does the task, for content tests."
        rows={4}
        className="cloudlab-code"
        value={solution}
        onChange={(event) => setSolution(event.target.value)}
      />
      {save.isError && <FormMessage tone="error">{save.error.message}</FormMessage>}
      {save.isSuccess && <FormMessage tone="success">Task saved.</FormMessage>}
      {!isReadOnly && (
        <Button type="submit" busy={save.isPending}>
          {task ? 'Save task' : 'Add task'}
        </Button>
      )}
    </form>
  );
}
