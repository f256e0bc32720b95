import type { WidgetOf } from '@coderoom/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { useSpaBuild } from '../hooks/useSpaBuild';
import { SandboxFrame } from './SandboxFrame';
import { spaFileTabs } from './spaFileTabs';
import { Tabs } from './Tabs';

type Files = WidgetOf<'SPA'>['content']['files'];

/** A small React app: the learner edits its files, the server builds them, a sandboxed frame runs the page. */
export function SpaWidget({ widget }: { widget: WidgetOf<'SPA'> }) {
  const { content } = widget;
  const [files, setFiles] = useState<Files>(content.files);
  const [selected, setSelected] = useState<string>('app');
  const build = useSpaBuild();
  const buildError = build.error instanceof ApiError ? build.error.errors.build : undefined;

  const tabs = spaFileTabs(files, setFiles, 12);

  return (
    <div className="card widget-card">
      <Tabs
        label="App files"
        tabs={tabs}
        selectedId={selected}
        onSelect={setSelected}
        actions={
          <>
            <Button variant="ghost" onClick={() => setFiles(content.files)} disabled={build.isPending}>
              Reset
            </Button>
            <Button onClick={() => build.mutate(files)} busy={build.isPending}>
              ▶ Run
            </Button>
          </>
        }
      />
      <div className="widget-pad" aria-live="polite">
        {build.isPending && (
          <p className="running">
            <span className="spinner" aria-hidden="true" /> Building…
          </p>
        )}
        {!build.isPending && buildError && (
          <div role="alert">
            <span className="badge badge-error">Build failed</span>
            <pre className="output output-error">{buildError}</pre>
          </div>
        )}
        {!build.isPending && build.error && !buildError && (
          <FormMessage tone="error">{build.error.message}</FormMessage>
        )}
        {!build.isPending && build.data && (
          <SandboxFrame html={build.data.html} title="App preview" height={content.outputHeight} />
        )}
        {!build.isPending && !build.data && !build.error && (
          <p className="muted small">Press Run to build the app and see it here.</p>
        )}
      </div>
    </div>
  );
}
