import type { ProjectComponent } from '@coderoom/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { LiveTerminal } from '../../terminal/components/LiveTerminal';
import { SandboxConflictMessage } from '../../terminal/components/SandboxConflictMessage';
import { sandboxesToStop } from '../../terminal/utils/sandboxConflict';
import type { TaskAddress } from '../api/TaskAddress';
import { useLiveInstance } from '../api/useLiveInstance';
import { useLiveTests } from '../api/useLiveTests';
import { AppPreview } from './AppPreview';
import { LiveTestResults } from './LiveTestResults';

interface ProjectLiveTaskProps {
  address: TaskAddress;
  type: ProjectComponent['type'];
  live: NonNullable<ProjectComponent['live']>;
  completion: ProjectComponent['completion'];
  isBegun: boolean;
}

/**
 * A terminal or workspace task: the learner's own sandbox with a terminal, for a workspace the preview of
 * the app it serves, and Run tests, which runs the task's tests inside the sandbox.
 */
export function ProjectLiveTask({ address, type, live, completion, isBegun }: ProjectLiveTaskProps) {
  const [stopFirst, setStopFirst] = useState<string | null>(null);
  const instance = useLiveInstance(address, type, stopFirst);
  const tests = useLiveTests(address);

  if (instance.isPending) {
    return (
      <div className="card live-task-starting" role="status">
        <span className="spinner" aria-hidden="true" /> Starting your sandbox…
      </div>
    );
  }
  if (instance.isError) {
    // Other sandboxes in the way: the message names them, and each can be stopped from it.
    if (sandboxesToStop(instance.error).length > 0) {
      return <SandboxConflictMessage error={instance.error} onStop={setStopFirst} />;
    }
    return (
      <FormMessage tone="error">
        {instance.error.message}{' '}
        <Button variant="secondary" onClick={() => void instance.refetch()}>
          Try again
        </Button>
      </FormMessage>
    );
  }
  const { instanceId } = instance.data;
  return (
    <div className={`live-task ${live.app_port ? 'has-preview' : ''}`}>
      <LiveTerminal instanceId={instanceId} onRestart={() => void instance.refetch()} />
      {live.app_port !== null && <AppPreview instanceId={instanceId} port={live.app_port} />}
      {completion === 'live_tests' && (
        <section className="card live-task-tests" aria-label="Tests">
          <div className="live-task-tests-bar">
            <div>
              <h2 className="live-task-tests-title">Tests</h2>
              <p className="small muted">They run inside your sandbox, on the files in your workspace.</p>
            </div>
            <Button onClick={tests.run} busy={tests.isRunning} disabled={!isBegun}>
              ▶ Run tests
            </Button>
          </div>
          {/* Present before any result, so what arrives is read out (WCAG 4.1.3). */}
          <div aria-live="polite">
            {tests.error && <FormMessage tone="error">{tests.error.message}</FormMessage>}
            {tests.results && <LiveTestResults results={tests.results} />}
          </div>
        </section>
      )}
    </div>
  );
}
