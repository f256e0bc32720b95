import type { WidgetOf } from '@coderoom/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { checkOrder } from '../utils/checkOrder';
import { moveItem } from '../utils/moveItem';
import { seededShuffle } from '../utils/seededShuffle';
import { MarkdownText } from './MarkdownText';

type Direction = -1 | 1;

/** Put the options in order with Move up/Move down buttons, then Check. */
export function PermutationWidget({ widget }: { widget: WidgetOf<'Permutation'> }) {
  const { prompt, options } = widget.content;
  const correct = useMemo(() => options.map((option) => option.id), [options]);
  const byId = useMemo(() => new Map(options.map((option) => [option.id, option])), [options]);
  // Shuffled by comp_id: the same puzzle on every visit, different between widgets.
  const [order, setOrder] = useState(() => seededShuffle(correct, widget.comp_id));
  const [result, setResult] = useState<ReturnType<typeof checkOrder> | null>(null);
  const [focusTarget, setFocusTarget] = useState<{ id: string; direction: Direction } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  // Keep focus on the item that moved, so a keyboard user can press the same button again.
  useEffect(() => {
    if (!focusTarget) return;
    const { id, direction } = focusTarget;
    const same = buttons.current.get(`${id}:${direction}`);
    const other = buttons.current.get(`${id}:${-direction}`);
    (same && !same.disabled ? same : other)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const move = (index: number, direction: Direction) => {
    const id = order[index];
    if (id === undefined) return;
    setOrder(moveItem(order, index, direction));
    setResult(null);
    setFocusTarget({ id, direction });
  };

  const register = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <div className="card widget-card widget-pad widget-permutation">
      <MarkdownText text={prompt} className="widget-prompt" />
      <ol className="widget-permutation-list">
        {order.map((id, index) => {
          const text = byId.get(id)?.text ?? id;
          return (
            <li key={id} className="widget-permutation-item">
              <span className="widget-permutation-position" aria-hidden="true">
                {index + 1}
              </span>
              <MarkdownText text={text} inline className="widget-permutation-text" />
              <span className="widget-permutation-buttons">
                <button
                  ref={register(`${id}:-1`)}
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => move(index, -1)}
                  disabled={index === 0}
                  aria-label={`Move "${text}" up`}
                >
                  ↑
                </button>
                <button
                  ref={register(`${id}:1`)}
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => move(index, 1)}
                  disabled={index === order.length - 1}
                  aria-label={`Move "${text}" down`}
                >
                  ↓
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="widget-actions">
        <Button onClick={() => setResult(checkOrder(order, correct))}>Check</Button>
        <span role="status" aria-live="polite">
          {result &&
            (result.isCorrect ? (
              <span className="badge badge-success">Right — that is the correct order.</span>
            ) : (
              <span className="badge badge-error">
                Not yet — {result.inPlace} of {correct.length} in the right place.
              </span>
            ))}
        </span>
      </div>
    </div>
  );
}
