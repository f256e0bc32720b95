import type { WebpackBinFile, WidgetOf } from '@coderoom/contracts';
import { WebpackBinLimits } from '@coderoom/domain';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { Checkbox } from './Checkbox';
import { TextAreaField } from './TextAreaField';

type Bin = WidgetOf<'WebpackBin'>;

/** Why a new file's name is refused, or null when it may be added. */
function nameProblem(name: string, files: readonly WebpackBinFile[]): string | null {
  if (!WebpackBinLimits.fileName.test(name)) return 'Use a name like app.js, App.jsx, util.ts or style.css.';
  if (files.some((file) => file.name.toLowerCase() === name.toLowerCase()))
    return 'A file has this name already.';
  return null;
}

/**
 * The files of a WebpackBin (index.html, scripts, stylesheets). index.html stays: it is the page. The
 * script the page starts from is index.js (or .jsx, .ts, .tsx), else main.*, else the first script.
 */
export function WebpackBinForm({ widget, onChange }: { widget: Bin; onChange: (widget: Bin) => void }) {
  const { content } = widget;
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const set = (patch: Partial<Bin['content']>) => onChange({ ...widget, content: { ...content, ...patch } });
  const setFile = (index: number, patch: Partial<WebpackBinFile>) =>
    set({ files: content.files.map((file, at) => (at === index ? { ...file, ...patch } : file)) });

  const addFile = () => {
    const name = newName.trim();
    const problem = nameProblem(name, content.files);
    setNameError(problem);
    if (problem) return;
    set({ files: [...content.files, { name, content: '' }] });
    setNewName('');
  };

  return (
    <div className="stack studio-form">
      {content.files.map((file, index) => (
        <div key={file.name} className="studio-bin-file">
          <TextAreaField
            label={file.name}
            code
            rows={file.name === 'index.html' ? 5 : 4}
            value={file.content}
            onChange={(event) => setFile(index, { content: event.target.value })}
          />
          {file.name !== 'index.html' && (
            <Button
              variant="ghost"
              aria-label={`Remove ${file.name}`}
              onClick={() => set({ files: content.files.filter((_, at) => at !== index) })}
            >
              Remove {file.name}
            </Button>
          )}
        </div>
      ))}
      {content.files.length < WebpackBinLimits.files && (
        <div className="studio-bin-add">
          <TextField
            label="New file"
            placeholder="util.js"
            value={newName}
            error={nameError}
            onChange={(event) => setNewName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addFile();
              }
            }}
          />
          <Button variant="secondary" onClick={addFile}>
            Add file
          </Button>
        </div>
      )}
      <TextField
        label="Caption"
        value={content.caption ?? ''}
        maxLength={500}
        onChange={(event) => set({ caption: event.target.value || undefined })}
      />
      <TextField
        label="Output height (px)"
        type="number"
        min={100}
        max={2000}
        value={content.outputHeight}
        onChange={(event) =>
          set({ outputHeight: Math.min(2000, Math.max(100, Number(event.target.value) || 100)) })
        }
      />
      <div className="studio-flags">
        <Checkbox
          label="Run automatically"
          checked={content.autoRun}
          onChange={(autoRun) => set({ autoRun })}
        />
      </div>
    </div>
  );
}
