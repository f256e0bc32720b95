import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { SandboxFrame } from '../../widgets/components/SandboxFrame';
import { spaFileTabs } from '../../widgets/components/spaFileTabs';
import { Tabs } from '../../widgets/components/Tabs';
import { useSpaBuild } from '../../widgets/hooks/useSpaBuild';
import type { TaskAddress } from '../api/TaskAddress';
import { useAutosave } from '../hooks/useAutosave';
import { SaveStatus } from './SaveStatus';

type Files = { index: string; app: string; style: string };

function parseSaved(saved: string | null, starter: Files): Files {
  if (!saved) return starter;
  try {
    const value = JSON.parse(saved) as Partial<Files>;
    return {
      index: typeof value.index === 'string' ? value.index : starter.index,
      app: typeof value.app === 'string' ? value.app : starter.app,
      style: typeof value.style === 'string' ? value.style : starter.style,
    };
  } catch {
    return starter;
  }
}

interface ProjectSpaTaskProps {
  address: TaskAddress;
  starter: Files;
  savedCode: string | null;
  currentAttempt: number;
  isBegun: boolean;
}

/** A single page app task: React files built on the server and previewed in a sandboxed frame; autosaved. */
export function ProjectSpaTask({
  address,
  starter,
  savedCode,
  currentAttempt,
  isBegun,
}: ProjectSpaTaskProps) {
  const [files, setFiles] = useState<Files>(() => parseSaved(savedCode, starter));
  const [selected, setSelected] = useState<string>('app');
  const build = useSpaBuild();
  const saveState = useAutosave(address, currentAttempt, isBegun, JSON.stringify(files));
  const buildError = build.error instanceof ApiError ? build.error.errors.build : undefined;

  const tabs = spaFileTabs(files, setFiles, 16);

  return (
    <div className="card widget-card">
      <Tabs
        label="App files"
        tabs={tabs}
        selectedId={selected}
        onSelect={setSelected}
        actions={
          <>
            <SaveStatus state={saveState} />
            <Button variant="ghost" onClick={() => setFiles(starter)} disabled={build.isPending}>
              Reset code
            </Button>
            <Button onClick={() => build.mutate(files)} busy={build.isPending}>
              ▶ Run
            </Button>
          </>
        }
      />
      <div className="widget-pad">
        {!build.isPending && buildError && <pre className="output output-error">{buildError}</pre>}
        {!build.isPending && build.error && !buildError && (
          <FormMessage tone="error">{build.error.message}</FormMessage>
        )}
        {build.data ? (
          <SandboxFrame html={build.data.html} title="App preview" height={360} />
        ) : (
          <p className="muted small">Press Run to build the app and see it here.</p>
        )}
      </div>
    </div>
  );
}
