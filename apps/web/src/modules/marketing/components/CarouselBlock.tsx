import type { EditorPageWidgetOf } from '@coderoom/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';

/** One slide at a time with previous/next buttons; never turns by itself (WCAG 2.2.2). */
export function CarouselBlock({ widget }: { widget: EditorPageWidgetOf<'Carousel'> }) {
  const { heading, slides } = widget.content;
  const [index, setIndex] = useState(0);
  const id = useId();
  const slide = slides[index] ?? slides[0];
  if (!slide) return null;
  const move = (step: number) => setIndex((index + step + slides.length) % slides.length);
  return (
    <section className="mk-block mk-carousel" aria-roledescription="carousel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className={heading ? undefined : 'visually-hidden'}>
        {heading || 'Highlights'}
      </h2>
      <section
        className="card mk-slide"
        aria-live="polite"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${slides.length}`}
      >
        {slide.image_url ? <img src={slide.image_url} alt={slide.image_alt} /> : null}
        <div>
          <h3>{slide.title}</h3>
          {slide.text ? <p>{slide.text}</p> : null}
        </div>
      </section>
      {slides.length > 1 ? (
        <div className="mk-carousel-controls">
          <Button variant="secondary" onClick={() => move(-1)} aria-label="Previous slide">
            ‹ Previous
          </Button>
          <span className="muted">
            {index + 1} / {slides.length}
          </span>
          <Button variant="secondary" onClick={() => move(1)} aria-label="Next slide">
            Next ›
          </Button>
        </div>
      ) : null}
    </section>
  );
}
