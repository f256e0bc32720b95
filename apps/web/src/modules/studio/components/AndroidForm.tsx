import type { WidgetOf } from '@coderoom/contracts';
import { ANDROID_DEVICES, ANDROID_UNAVAILABLE_REASON } from '@coderoom/domain';
import { useId } from 'react';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';

type AndroidWidget = WidgetOf<'Android'>;

/**
 * An Android emulator widget: the device and a caption. It is stored, counted and shown, but this server
 * cannot start emulators, which the form says (docs/widgets.md "Android").
 */
export function AndroidForm({
  widget,
  onChange,
}: {
  widget: AndroidWidget;
  onChange: (widget: AndroidWidget) => void;
}) {
  const id = useId();
  const { content } = widget;
  const set = (patch: Partial<AndroidWidget['content']>) =>
    onChange({ ...widget, content: { ...content, ...patch } });
  const known = ANDROID_DEVICES.some((device) => device.name === content.emulator);
  return (
    <div className="stack studio-form">
      <FormMessage tone="info">
        {ANDROID_UNAVAILABLE_REASON} Learners who press Start are told so; the widget keeps its device for a
        server that can run one.
      </FormMessage>
      <div className="field studio-language">
        <label htmlFor={id}>Emulator</label>
        <select id={id} value={content.emulator} onChange={(event) => set({ emulator: event.target.value })}>
          {ANDROID_DEVICES.map((device) => (
            <option key={device.name} value={device.name}>
              {device.label} ({device.name})
            </option>
          ))}
          {!known && <option value={content.emulator}>{content.emulator}</option>}
        </select>
      </div>
      <TextField
        label="Caption"
        value={content.caption ?? ''}
        maxLength={500}
        onChange={(event) => set({ caption: event.target.value || undefined })}
      />
    </div>
  );
}
