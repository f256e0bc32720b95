import type { CloudLabEditorResponse, CloudLabEnvType } from '@coderoom/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import type { LabAddress } from '../api/LabAddress';
import { useSaveCloudLab } from '../api/useSaveCloudLab';
import { TextAreaField } from './TextAreaField';

/**
 * The lab's own fields; starter files are edited as one JSON list of {path, content}. Read-only (every
 * field disabled, no Save) for the people invited to read the lab (`lab.can_edit` false).
 */
export function LabSettingsForm({ address, lab }: { address: LabAddress; lab: CloudLabEditorResponse }) {
  const save = useSaveCloudLab(address);
  const [title, setTitle] = useState(lab.title);
  const [summary, setSummary] = useState(lab.summary);
  const [content, setContent] = useState(lab.content);
  const [envType, setEnvType] = useState<CloudLabEnvType>(lab.envContent.type);
  const [image, setImage] = useState(lab.envContent.codeContent.image);
  const [files, setFiles] = useState(JSON.stringify(lab.files, null, 2));
  const [filesError, setFilesError] = useState<string | null>(null);
  const isReadOnly = !lab.can_edit;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    let parsed: Array<{ path: string; content: string }>;
    try {
      parsed = JSON.parse(files);
      if (!Array.isArray(parsed)) throw new Error('not a list');
    } catch {
      setFilesError('Starter files must be a JSON list of {"path", "content"} objects.');
      return;
    }
    setFilesError(null);
    save.mutate({ title, summary, content, env_type: envType, image, files: parsed });
  };

  return (
    <form className="card cloudlab-editor-form" onSubmit={submit} aria-label="Lab settings">
      <TextField
        label="Title"
        disabled={isReadOnly}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
      />
      <TextField
        label="Summary"
        disabled={isReadOnly}
        value={summary}
        onChange={(event) => setSummary(event.target.value)}
      />
      <TextAreaField
        label="Overview (Markdown)"
        disabled={isReadOnly}
        rows={8}
        value={content}
        onChange={(event) => setContent(event.target.value)}
      />
      <div className="field">
        <label htmlFor="lab-env-type">Environment</label>
        <select
          id="lab-env-type"
          disabled={isReadOnly}
          value={envType}
          onChange={(event) => setEnvType(event.target.value as CloudLabEnvType)}
        >
          <option value="CloudShell">CloudShell</option>
          <option value="CloudLabWorkspace">CloudLabWorkspace</option>
        </select>
      </div>
      <TextField
        label="Image"
        disabled={isReadOnly}
        value={image}
        hint="An instance profile, e.g. coderoom/python/3 or coderoom/node/20."
        onChange={(event) => setImage(event.target.value)}
      />
      <TextAreaField
        label="Starter files (JSON)"
        disabled={isReadOnly}
        rows={6}
        className="cloudlab-code"
        value={files}
        onChange={(event) => setFiles(event.target.value)}
      />
      {filesError && <FormMessage tone="error">{filesError}</FormMessage>}
      {save.isError && <FormMessage tone="error">{save.error.message}</FormMessage>}
      {save.isSuccess && <FormMessage tone="success">Lab saved.</FormMessage>}
      {!isReadOnly && (
        <Button type="submit" busy={save.isPending}>
          Save lab
        </Button>
      )}
    </form>
  );
}
