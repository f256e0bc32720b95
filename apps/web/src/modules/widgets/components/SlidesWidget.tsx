import type { WidgetOf } from '@coderoom/contracts';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { Button } from '../../../ui/Button';
import { useSlidesData } from '../api/useSlidesData';
import type { WidgetContext } from '../WidgetContext';
import { MarkdownText } from './MarkdownText';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/**
 * An author's drawing as an image: an image runs no script, loads nothing, takes no clicks and draws
 * only inside its own box, whatever the markup (the server sanitises it on save as well; the studio's
 * preview shows it before that). An SVG image needs its namespace, which inline markup may leave out.
 */
function SlideDrawing({ svg }: { svg: string }) {
  const { src, alt } = useMemo(() => {
    const withNamespace = /^\s*<svg\b[^>]*\sxmlns=/.test(svg)
      ? svg
      : svg.replace(/^\s*<svg\b/, `<svg xmlns="${SVG_NAMESPACE}"`);
    // The server renders public lessons without a DOM (modules/prerender): the plain title there.
    const title =
      typeof DOMParser === 'undefined'
        ? (/<title\b[^>]*>([^<]*)<\/title>/.exec(withNamespace)?.[1] ?? '')
        : (new DOMParser().parseFromString(withNamespace, 'image/svg+xml').querySelector('title')
            ?.textContent ?? '');
    return {
      src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(withNamespace)}`,
      alt: title.trim(),
    };
  }, [svg]);
  return (
    <div className="widget-slide-svg">
      <img src={src} alt={alt} />
    </div>
  );
}

/**
 * Step-by-step frames: Previous/Next buttons, or the arrow keys once focus is in the widget. A signed-in
 * learner comes back to the frame they left (GET/POST /api/slides/data) and sees how many they have seen.
 */
export function SlidesWidget({
  widget,
  context = {},
}: {
  widget: WidgetOf<'CanvasAnimation'>;
  context?: WidgetContext;
}) {
  const { frames } = widget.content;
  const page = context.page;
  const ref =
    context.isLearner && page && !page.draft
      ? {
          author_id: page.author_id,
          collection_id: page.collection_id,
          page_id: page.page_id,
          comp_id: widget.comp_id,
        }
      : null;
  const slides = useSlidesData(ref);
  const [chosen, setChosen] = useState<number | null>(null);
  // Until the learner moves, they are where they left off (or on the first frame).
  const index = Math.min(chosen ?? slides.data?.frame ?? 0, frames.length - 1);
  const frame = frames[index];
  const last = frames.length - 1;

  const go = (next: number) => {
    setChosen(next);
    if (ref) slides.save(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Arrow keys belong to form controls when one has focus.
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.key === 'ArrowRight' && index < last) go(index + 1);
    else if (event.key === 'ArrowLeft' && index > 0) go(index - 1);
    else return;
    event.preventDefault();
  };

  const seen = slides.data?.frames_seen.length ?? 0;
  return (
    // Arrow keys pressed while focus is on the Previous/Next buttons (or inside the frame) step too.
    <section
      className="card widget-card widget-slides"
      aria-roledescription="slides"
      aria-label="Slides"
      aria-busy={slides.isLoading}
      onKeyDown={onKeyDown}
    >
      <div className="widget-slide-stage">
        {frame?.svg && <SlideDrawing svg={frame.svg} />}
        {frame && <MarkdownText text={frame.caption} className="widget-slide-caption" />}
      </div>
      <div className="widget-slide-controls">
        <Button variant="secondary" onClick={() => go(index - 1)} disabled={index === 0}>
          ← Previous
        </Button>
        <span className="small" aria-live="polite">
          Frame {index + 1} of {frames.length}
        </span>
        <Button variant="secondary" onClick={() => go(index + 1)} disabled={index === last}>
          Next →
        </Button>
      </div>
      {slides.data?.updated_at ? (
        <p className="small muted widget-slide-progress" data-testid="slides-progress">
          {slides.data.completed ? '✓ You have seen every frame' : `Seen ${seen} of ${frames.length} frames`}
        </p>
      ) : null}
      {slides.saveFailed ? (
        <p className="small notice error" role="alert">
          Your place in these slides could not be saved. Check your connection; it is saved again when you
          move.
        </p>
      ) : null}
    </section>
  );
}
