import { NUDGES, NudgeType } from '@coderoom/domain';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { useNudges } from '../api/useNudges';

/** The first code widget a learner can run or check, if the lesson has one. */
function firstRunnableCode(article: HTMLElement | null): HTMLElement | null {
  const widgets = article?.querySelectorAll<HTMLElement>('.widget[data-widget-type="Code"]') ?? [];
  return (
    [...widgets].find((widget) =>
      [...widget.querySelectorAll('button')].some((button) => /Run|Check/.test(button.textContent ?? '')),
    ) ?? null
  );
}

/**
 * One tip at a time at the end of a lesson, sticking to the bottom of the screen if the learner scrolls
 * back up (docs/reader-calls.md "Nudges"): when they reach the end, "try the code" if the lesson has code
 * they have not run, else "mark it complete" if they have not completed it.
 * Announced politely, never takes focus; its action or "Don't show this again" close it, and a dismissed
 * tip never comes back for this learner. Each shown, clicked and dismissed is logged.
 */
export function LessonNudge({
  article,
  enabled,
  isCompleted,
  ranCode,
  onMarkComplete,
}: {
  article: RefObject<HTMLElement | null>;
  enabled: boolean;
  isCompleted: boolean;
  ranCode: boolean;
  onMarkComplete: () => void;
}) {
  const { dismissed, log } = useNudges(enabled);
  const [active, setActive] = useState<NudgeType | null>(null);
  // One tip per visit to the lesson: once one has shown, no other replaces it.
  const shown = useRef(false);
  const end = useRef<HTMLDivElement>(null);
  const ready = enabled && dismissed !== undefined;

  // At the end of the lesson: first "try the code" if the lesson has code the learner has not run, else
  // "mark it complete" if it is not completed; a dismissed tip is skipped. Read through a ref so the
  // observer sees the latest state without being made anew on every render.
  const reachedEnd = useRef(() => {});
  reachedEnd.current = () => {
    if (shown.current) return;
    const candidates: NudgeType[] = [];
    if (!ranCode && firstRunnableCode(article.current)) candidates.push(NudgeType.TryCode);
    if (!isCompleted) candidates.push(NudgeType.MarkComplete);
    const next = candidates.find((type) => !dismissed?.includes(type));
    if (!next) return;
    shown.current = true;
    setActive(next);
    log(next, 'shown');
  };

  // Only once the learner has scrolled: a lesson that fits the screen has not been read yet.
  useEffect(() => {
    if (!ready || !end.current) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && window.scrollY > 0) reachedEnd.current();
    });
    observer.observe(end.current);
    return () => observer.disconnect();
  }, [ready]);

  // Completing the lesson some other way answers the tip; it goes without a word.
  const visible = active === NudgeType.MarkComplete && isCompleted ? null : active;

  const act = () => {
    if (!visible) return;
    log(visible, 'clicked');
    setActive(null);
    if (visible === NudgeType.MarkComplete) {
      onMarkComplete();
      return;
    }
    const code = firstRunnableCode(article.current);
    code?.scrollIntoView({ block: 'center' });
    [...(code?.querySelectorAll('button') ?? [])]
      .find((button) => /Run|Check/.test(button.textContent ?? ''))
      ?.focus({ preventScroll: true });
  };
  const dismiss = () => {
    if (!visible) return;
    log(visible, 'dismissed');
    setActive(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    dismiss();
  };

  return (
    <>
      <div ref={end} className="lesson-nudge-end" aria-hidden="true" />
      <div className="lesson-nudge-region" aria-live="polite">
        {visible ? (
          <section className="lesson-nudge card" aria-label="Tip" onKeyDown={onKeyDown}>
            <p>{NUDGES[visible].text}</p>
            <div className="lesson-nudge-actions">
              <Button variant="primary" onClick={act}>
                {NUDGES[visible].action}
              </Button>
              <Button variant="secondary" onClick={dismiss}>
                Don’t show this again
              </Button>
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}
