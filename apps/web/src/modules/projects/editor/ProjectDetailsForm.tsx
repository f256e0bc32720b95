import type { EditorProject, ProjectDifficulty } from '@coderoom/contracts';
import { useId } from 'react';
import { TextField } from '../../../ui/TextField';
import { Checkbox } from '../../studio/components/Checkbox';
import { TextAreaField } from '../../studio/components/TextAreaField';
import { FieldError } from './FieldError';
import type { ProjectDraft } from './taskDraft';

interface ProjectDetailsFormProps {
  draft: ProjectDraft;
  onChange: (draft: ProjectDraft) => void;
  files: EditorProject['files'];
  readOnly: boolean;
  errors: Record<string, string>;
}

const DIFFICULTIES: ProjectDifficulty[] = ['easy', 'medium', 'hard'];

/** The project's own fields (spec 000 §3 Project): what the learner's overview shows. */
export function ProjectDetailsForm({ draft, onChange, files, readOnly, errors }: ProjectDetailsFormProps) {
  const difficultyId = useId();
  const set = (patch: Partial<ProjectDraft>) => onChange({ ...draft, ...patch });
  return (
    <fieldset className="project-task-form" disabled={readOnly}>
      <legend className="visually-hidden">Project details</legend>
      <div className="project-form-row">
        <TextField
          label="Title"
          value={draft.title}
          error={errors.title}
          onChange={(event) => set({ title: event.target.value })}
        />
        <div className="field">
          <label htmlFor={difficultyId}>Difficulty</label>
          <select
            id={difficultyId}
            value={draft.difficulty}
            onChange={(event) => set({ difficulty: event.target.value as ProjectDifficulty })}
          >
            {DIFFICULTIES.map((level) => (
              <option key={level} value={level}>
                {level[0]?.toUpperCase()}
                {level.slice(1)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextAreaField
        label="Summary"
        rows={2}
        value={draft.summary}
        onChange={(event) => set({ summary: event.target.value })}
      />
      <FieldError message={errors.summary} />
      <TextAreaField
        label="Description (Markdown)"
        rows={6}
        value={draft.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <TextAreaField
        label="Prerequisites (one per line)"
        rows={3}
        value={draft.preReqs}
        onChange={(event) => set({ preReqs: event.target.value })}
      />
      <div className="project-form-row">
        <TextField
          label="Relevant courses (collection ids)"
          hint="Comma-separated; shown to learners as course cards."
          value={draft.relevantCourses}
          error={errors.relevant_courses}
          onChange={(event) => set({ relevantCourses: event.target.value })}
        />
        <TextField
          label="Prerequisite projects (collection ids)"
          hint="Comma-separated."
          value={draft.preRequisiteProjects}
          error={errors.pre_requisite_projects}
          onChange={(event) => set({ preRequisiteProjects: event.target.value })}
        />
      </div>
      <fieldset className="project-task-section">
        <legend>Data files learners may read</legend>
        {files.length === 0 && <p className="field-hint">This project has no files.</p>}
        {files.map((file) => (
          <Checkbox
            key={file.id}
            label={file.name}
            checked={draft.udataFiles.includes(file.id)}
            onChange={(checked) =>
              set({
                udataFiles: checked
                  ? [...draft.udataFiles, file.id]
                  : draft.udataFiles.filter((fileId) => fileId !== file.id),
              })
            }
          />
        ))}
        <p className="field-hint">Files not listed here (such as evaluation files) never reach learners.</p>
        <FieldError message={errors.udata_files} />
      </fieldset>
    </fieldset>
  );
}
