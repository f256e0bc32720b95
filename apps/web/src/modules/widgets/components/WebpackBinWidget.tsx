import type { WebpackBinFile, WidgetOf } from '@coderoom/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { useWebpackBinBuild } from '../hooks/useWebpackBinBuild';
import { CodeTextArea } from './CodeTextArea';
import { SandboxFrame } from './SandboxFrame';
import { Tabs } from './Tabs';

const PREVIEW_TAB = 'preview';

/**
 * A multi-file front-end sandbox: the learner edits the files, Run builds them on the server and the page
 * runs in a sandboxed frame with an opaque origin (no access to the platform's cookies or storage).
 */
export function WebpackBinWidget({ widget }: { widget: WidgetOf<'WebpackBin'> }) {
  const { content } = widget;
  const [files, setFiles] = useState<WebpackBinFile[]>(content.files);
  const [selected, setSelected] = useState<string>(
    content.autoRun ? PREVIEW_TAB : (content.files[0]?.name ?? PREVIEW_TAB),
  );
  const build = useWebpackBinBuild();
  const buildError = build.error instanceof ApiError ? build.error.errors.build : undefined;
  const { mutate } = build;

  // An auto-running bin shows its page once, as the author wrote it.
  useEffect(() => {
    if (content.autoRun) mutate(content.files);
  }, [content.autoRun, content.files, mutate]);

  const run = () => {
    build.mutate(files);
    setSelected(PREVIEW_TAB);
  };
  const update = (name: string) => (value: string) =>
    setFiles((current) => current.map((file) => (file.name === name ? { ...file, content: value } : file)));

  const preview = (
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
        <SandboxFrame html={build.data.html} title="Preview" height={content.outputHeight} />
      )}
      {!build.isPending && !build.data && !build.error && (
        <p className="muted small">Press Run to build the files and see the page here.</p>
      )}
    </div>
  );

  const tabs = [
    ...files.map((file) => ({
      id: file.name,
      title: file.name,
      panel: <CodeTextArea value={file.content} onChange={update(file.name)} label={file.name} rows={12} />,
    })),
    { id: PREVIEW_TAB, title: 'Preview', panel: preview },
  ];

  return (
    <div className="card widget-card">
      {content.caption && <p className="widget-pad widget-caption small muted">{content.caption}</p>}
      <Tabs
        label="Files"
        tabs={tabs}
        selectedId={selected}
        onSelect={setSelected}
        actions={
          <>
            <Button variant="ghost" onClick={() => setFiles(content.files)} disabled={build.isPending}>
              Reset
            </Button>
            <Button onClick={run} busy={build.isPending}>
              ▶ Run
            </Button>
          </>
        }
      />
    </div>
  );
}
