import type { WidgetOf } from '@coderoom/contracts';
import { TextField } from '../../../ui/TextField';
import { TextAreaField } from './TextAreaField';

type Spa = WidgetOf<'SPA'>;

export function SpaForm({ widget, onChange }: { widget: Spa; onChange: (widget: Spa) => void }) {
  const { content } = widget;
  const setFile = (patch: Partial<Spa['content']['files']>) =>
    onChange({ ...widget, content: { ...content, files: { ...content.files, ...patch } } });
  return (
    <div className="stack studio-form">
      <TextAreaField
        label="App.jsx"
        code
        rows={6}
        value={content.files.app}
        onChange={(e) => setFile({ app: e.target.value })}
      />
      <TextAreaField
        label="index.jsx"
        code
        rows={4}
        value={content.files.index}
        onChange={(e) => setFile({ index: e.target.value })}
      />
      <TextAreaField
        label="style.css"
        code
        rows={3}
        value={content.files.style}
        onChange={(e) => setFile({ style: e.target.value })}
      />
      <TextField
        label="Output height (px)"
        type="number"
        min={100}
        max={2000}
        value={content.outputHeight}
        onChange={(event) =>
          onChange({
            ...widget,
            content: {
              ...content,
              outputHeight: Math.min(2000, Math.max(100, Number(event.target.value) || 100)),
            },
          })
        }
      />
    </div>
  );
}
