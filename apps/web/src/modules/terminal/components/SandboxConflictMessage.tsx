import '../terminal.css';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { sandboxesToStop } from '../utils/sandboxConflict';

interface SandboxConflictMessageProps {
  error: Error;
  /** Stops that sandbox, then starts the one on this page. */
  onStop: (instanceId: string) => void;
  busy?: boolean;
}

/**
 * The server's refusal to start one more sandbox, which names what is running ("project X", "cloud lab Y"),
 * with a button per running sandbox that stops it and starts this one.
 */
export function SandboxConflictMessage({ error, onStop, busy = false }: SandboxConflictMessageProps) {
  const running = sandboxesToStop(error);
  return (
    <FormMessage tone="error">
      <p className="sandbox-conflict-text">{error.message}</p>
      <div className="sandbox-conflict-actions">
        {running.map((sandbox) => (
          <Button
            key={sandbox.instanceId}
            variant="secondary"
            busy={busy}
            onClick={() => onStop(sandbox.instanceId)}
          >
            Stop {sandbox.label} and start this one
          </Button>
        ))}
      </div>
    </FormMessage>
  );
}
