import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { CodeTextArea } from '../../widgets/components/CodeTextArea';
import { SandboxFrame } from '../../widgets/components/SandboxFrame';
import { Tabs } from '../../widgets/components/Tabs';
import { buildRunJsDocument } from '../../widgets/utils/buildRunJsDocument';
import type { TaskAddress } from '../api/TaskAddress';
import { useAutosave } from '../hooks/useAutosave';
import { SaveStatus } from './SaveStatus';

type Files = { html: string; css: string; js: string };
type Pane = keyof Files | 'result';

const TITLES: Record<Pane, string> = { html: 'HTML', css: 'CSS', js: 'JavaScript', result: 'Result' };

/** A saved RunJS page is its three files as JSON; anything else falls back to the starter. */
function parseSaved(saved: string | null, starter: Files): Files {
  if (!saved) return starter;
  try {
    const value = JSON.parse(saved) as Partial<Files>;
    return {
      html: typeof value.html === 'string' ? value.html : starter.html,
      css: typeof value.css === 'string' ? value.css : starter.css,
      js: typeof value.js === 'string' ? value.js : starter.js,
    };
  } catch {
    return starter;
  }
}

interface ProjectRunJsTaskProps {
  address: TaskAddress;
  starter: Files;
  savedCode: string | null;
  currentAttempt: number;
  isBegun: boolean;
}

/** HTML, CSS and JavaScript panes and the page they make, in a sandboxed frame; the files are autosaved. */
export function ProjectRunJsTask({
  address,
  starter,
  savedCode,
  currentAttempt,
  isBegun,
}: ProjectRunJsTaskProps) {
  const [files, setFiles] = useState<Files>(() => parseSaved(savedCode, starter));
  const [page, setPage] = useState<string | null>(null);
  const [selected, setSelected] = useState<string>('html');
  const saveState = useAutosave(address, currentAttempt, isBegun, JSON.stringify(files));

  const run = () => {
    setPage(buildRunJsDocument(files));
    setSelected('result');
  };
  const panes: Pane[] = ['html', 'css', 'js', 'result'];
  const tabs = panes.map((pane) => ({
    id: pane,
    title: TITLES[pane],
    panel:
      pane === 'result' ? (
        page ? (
          <SandboxFrame html={page} title="Your page" height={360} />
        ) : (
          <p className="muted small widget-pad">Press Run to see your page.</p>
        )
      ) : (
        <CodeTextArea
          value={files[pane]}
          onChange={(value) => setFiles((current) => ({ ...current, [pane]: value }))}
          label={`${TITLES[pane]} code`}
          rows={16}
        />
      ),
  }));

  return (
    <div className="card widget-card project-runjs">
      <Tabs
        label="Web page code"
        tabs={tabs}
        selectedId={selected}
        onSelect={setSelected}
        actions={
          <>
            <SaveStatus state={saveState} />
            <Button variant="ghost" onClick={() => setFiles(starter)}>
              Reset code
            </Button>
            <Button onClick={run}>▶ Run</Button>
          </>
        }
      />
    </div>
  );
}
