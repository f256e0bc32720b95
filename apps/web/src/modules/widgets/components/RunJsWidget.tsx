import type { WidgetOf } from '@coderoom/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';
import { useLiveInteractions } from '../api/useLiveInteractions';
import { buildRunJsDocument } from '../utils/buildRunJsDocument';
import { liveRefOf } from '../utils/liveRefOf';
import type { WidgetContext } from '../WidgetContext';
import { CodeTextArea } from './CodeTextArea';
import { LiveActivity } from './LiveActivity';
import { MarkdownText } from './MarkdownText';
import { SandboxFrame } from './SandboxFrame';
import { Tabs } from './Tabs';

type Pane = 'result' | 'html' | 'css' | 'js';
type Files = { html: string; css: string; js: string };

const PANE_TITLES: Record<Pane, string> = { result: 'Result', html: 'HTML', css: 'CSS', js: 'JavaScript' };
/** Typing pauses this long before an auto-running widget refreshes its result. */
const AUTO_RUN_DELAY_MS = 600;

/** HTML, CSS and JavaScript panes the learner edits, and the page they make in a sandboxed frame. */
export function RunJsWidget({
  widget,
  context = {},
}: {
  widget: WidgetOf<'RunJS'>;
  context?: WidgetContext;
}) {
  const { content } = widget;
  const live = useLiveInteractions(liveRefOf(context, widget.comp_id));
  const starter: Files = { html: content.html, css: content.css, js: content.js };
  const [files, setFiles] = useState<Files>(starter);
  const [shownPage, setShownPage] = useState<string | null>(() =>
    content.autoRun ? buildRunJsDocument(starter) : null,
  );
  const panes = content.panes.length > 0 ? content.panes : (['result', 'html', 'css', 'js'] as Pane[]);
  // An auto-running widget opens on its result; otherwise on the first code pane, ready to edit.
  const [selected, setSelected] = useState<string>(
    (content.autoRun && panes.includes('result') ? 'result' : panes.find((pane) => pane !== 'result')) ??
      'result',
  );

  useEffect(() => {
    if (!content.autoRun) return;
    const timer = setTimeout(() => setShownPage(buildRunJsDocument(files)), AUTO_RUN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [files, content.autoRun]);

  const run = () => {
    live.record('run');
    setShownPage(buildRunJsDocument(files));
    if (panes.includes('result')) setSelected('result');
  };
  const update = (pane: keyof Files) => (value: string) => {
    live.record('edit');
    setFiles((current) => ({ ...current, [pane]: value }));
  };

  const result = shownPage ? (
    <SandboxFrame html={shownPage} title="Result" />
  ) : (
    <p className="muted small widget-pad">Press Run to see the result.</p>
  );
  const tabs = panes.map((pane) => ({
    id: pane,
    title: PANE_TITLES[pane],
    panel:
      pane === 'result' ? (
        result
      ) : (
        <CodeTextArea
          value={files[pane]}
          onChange={update(pane)}
          label={`${PANE_TITLES[pane]} code`}
          rows={12}
        />
      ),
  }));

  return (
    <div className="card widget-card">
      {content.exercise && <MarkdownText text={content.exercise} className="widget-pad widget-exercise" />}
      <Tabs
        label="Web page code"
        tabs={tabs}
        selectedId={selected}
        onSelect={setSelected}
        actions={
          <>
            <Button
              variant="ghost"
              onClick={() => {
                live.record('reset');
                setFiles(starter);
              }}
            >
              Reset
            </Button>
            {content.solution && (
              <Button
                variant="ghost"
                onClick={() => {
                  live.record('solution');
                  setFiles({ ...(content.solution as Files) });
                }}
              >
                Show solution
              </Button>
            )}
            <Button onClick={run}>▶ Run</Button>
          </>
        }
      />
      {/* Without a result pane, the page still has to show somewhere. */}
      {!panes.includes('result') && <div className="widget-pad">{result}</div>}
      <LiveActivity totals={live.totals} className="widget-pad" />
    </div>
  );
}
