import type { WidgetOf } from '@coderoom/contracts';
import { TextField } from '../../../ui/TextField';
import { LiveImageSelect } from './LiveImageSelect';

type TerminalWidget = WidgetOf<'Terminal'>;

/** A Terminal widget: which sandbox the learner's shell runs in. A page holds at most one. */
export function TerminalForm({
  widget,
  onChange,
}: {
  widget: TerminalWidget;
  onChange: (widget: TerminalWidget) => void;
}) {
  const { content } = widget;
  const set = (patch: Partial<TerminalWidget['content']>) =>
    onChange({ ...widget, content: { ...content, ...patch } });
  return (
    <div className="stack studio-form">
      <LiveImageSelect value={content.imageName} onChange={(imageName) => set({ imageName })} />
      <TextField
        label="Caption"
        value={content.caption ?? ''}
        maxLength={500}
        hint="Shown above the terminal. The learner presses Start to open a shell; one terminal per page."
        onChange={(event) => set({ caption: event.target.value || undefined })}
      />
    </div>
  );
}
