import type { WidgetOf } from '@coderoom/contracts';
import { DESKTOP_IMAGES, isDesktopImage } from '@coderoom/domain';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { LiveImageSelect } from './LiveImageSelect';

type VncWidget = WidgetOf<'VNC'>;

const clamp = (value: number, min: number, max: number, fallback: number) =>
  Number.isFinite(value) && value > 0 ? Math.min(max, Math.max(min, Math.round(value))) : fallback;

/** A VNC desktop widget: a desktop profile and the desktop's size (docs/widgets.md "VNC"). */
export function VncForm({ widget, onChange }: { widget: VncWidget; onChange: (widget: VncWidget) => void }) {
  const { content } = widget;
  const set = (patch: Partial<VncWidget['content']>) =>
    onChange({ ...widget, content: { ...content, ...patch } });
  return (
    <div className="stack studio-form">
      {!isDesktopImage(content.imageName) && (
        <FormMessage tone="error">
          {content.imageName} has no desktop: choose a desktop image, or learners will only see an error.
        </FormMessage>
      )}
      <LiveImageSelect
        value={content.imageName}
        images={DESKTOP_IMAGES}
        onChange={(imageName) => set({ imageName })}
      />
      <p className="small muted">
        Learners press Start to get their own desktop (a window manager and a terminal) in a sandbox without
        network; it is shown at this size, scaled down to fit narrow screens.
      </p>
      <div className="studio-flags">
        <TextField
          label="Width (px)"
          type="number"
          min={320}
          max={1920}
          value={content.width}
          onChange={(event) => set({ width: clamp(Number(event.target.value), 320, 1920, 1024) })}
        />
        <TextField
          label="Height (px)"
          type="number"
          min={240}
          max={1200}
          value={content.height}
          onChange={(event) => set({ height: clamp(Number(event.target.value), 240, 1200, 768) })}
        />
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
