import type { WidgetOf } from '@coderoom/contracts';
import { Checkbox } from './Checkbox';
import { TextAreaField } from './TextAreaField';

type RunJs = WidgetOf<'RunJS'>;

export function RunJsForm({ widget, onChange }: { widget: RunJs; onChange: (widget: RunJs) => void }) {
  const { content } = widget;
  const set = (patch: Partial<RunJs['content']>) =>
    onChange({ ...widget, content: { ...content, ...patch } });
  return (
    <div className="stack studio-form">
      <TextAreaField
        label="HTML"
        code
        rows={4}
        value={content.html}
        onChange={(e) => set({ html: e.target.value })}
      />
      <TextAreaField
        label="CSS"
        code
        rows={3}
        value={content.css}
        onChange={(e) => set({ css: e.target.value })}
      />
      <TextAreaField
        label="JavaScript"
        code
        rows={4}
        value={content.js}
        onChange={(e) => set({ js: e.target.value })}
      />
      <div className="studio-flags">
        <Checkbox
          label="Run automatically"
          checked={content.autoRun}
          onChange={(autoRun) => set({ autoRun })}
        />
        <Checkbox
          label="Line numbers"
          checked={content.lineNumbers}
          onChange={(lineNumbers) => set({ lineNumbers })}
        />
      </div>
    </div>
  );
}
