import type { WidgetOf } from '@coderoom/contracts';
import { Button } from '../../../ui/Button';
import { TextAreaField } from './TextAreaField';

type Slides = WidgetOf<'CanvasAnimation'>;
type Frame = Slides['content']['frames'][number];
const MAX_FRAMES = 100;

export function SlidesForm({ widget, onChange }: { widget: Slides; onChange: (widget: Slides) => void }) {
  const { frames } = widget.content;
  const setFrames = (next: Frame[]) => onChange({ ...widget, content: { frames: next } });
  const setFrame = (index: number, patch: Partial<Frame>) =>
    setFrames(frames.map((frame, at) => (at === index ? { ...frame, ...patch } : frame)));
  return (
    <div className="stack studio-form">
      {frames.map((frame, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id; order is their identity
        <fieldset className="studio-fieldset" key={index}>
          <legend>Slide {index + 1}</legend>
          <TextAreaField
            label="Caption"
            rows={2}
            value={frame.caption}
            onChange={(event) => setFrame(index, { caption: event.target.value })}
          />
          <TextAreaField
            label="Drawing (SVG, optional)"
            code
            rows={3}
            value={frame.svg ?? ''}
            onChange={(event) => setFrame(index, { svg: event.target.value || undefined })}
          />
          <Button
            variant="ghost"
            disabled={frames.length <= 1}
            onClick={() => setFrames(frames.filter((_, at) => at !== index))}
          >
            Remove slide
          </Button>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        disabled={frames.length >= MAX_FRAMES}
        onClick={() => setFrames([...frames, { caption: '' }])}
      >
        Add slide
      </Button>
    </div>
  );
}
