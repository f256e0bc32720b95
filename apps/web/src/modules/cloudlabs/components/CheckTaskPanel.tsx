import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import type { LabAddress } from '../api/LabAddress';
import { useCheckLabTask } from '../api/useCheckLabTask';

/** "Check my work": runs the task's check inside the running lab and shows what it said. */
export function CheckTaskPanel({
  address,
  taskId,
  isRunning,
}: {
  address: LabAddress;
  taskId: number;
  isRunning: boolean;
}) {
  const check = useCheckLabTask(address, taskId);
  const result = check.data;
  return (
    <section className="card cloudlab-check" aria-label="Check">
      <div className="cloudlab-check-bar">
        <p className="small muted">The check runs inside your lab, on the files in your workspace.</p>
        <Button onClick={() => check.mutate()} busy={check.isPending} disabled={!isRunning}>
          Check my work
        </Button>
      </div>
      {!isRunning && <p className="small muted">Start the lab to check your work.</p>}
      {check.isError && <FormMessage tone="error">{check.error.message}</FormMessage>}
      {/* Present before the result arrives, so it is read out (WCAG 4.1.3). */}
      <div aria-live="polite">
        {result && (
          <div className={`cloudlab-check-result is-${result.result}`} data-testid="check-result">
            <strong>
              {result.result === 'passed' ? 'Passed: task completed.' : 'Not yet: the check failed.'}
            </strong>
            {result.timed_out && <span> The check took too long and was stopped.</span>}
            {result.output.trim() && <pre className="cloudlab-check-output">{result.output}</pre>}
          </div>
        )}
      </div>
    </section>
  );
}
