import { STOP_INSTANCE_KEY_PREFIX } from '@coderoom/domain';
import { ApiError } from '../../api/ApiError';

export interface StoppableSandbox {
  instanceId: string;
  /** 'project "Todo API"', 'cloud lab "S3 basics"'. */
  label: string;
}

/**
 * The sandboxes a refused start lists to stop (the server's `stop.{instanceId}` entries); empty when the
 * error is not such a refusal.
 */
export function sandboxesToStop(error: unknown): StoppableSandbox[] {
  if (!(error instanceof ApiError)) return [];
  return Object.entries(error.errors)
    .filter(([key]) => key.startsWith(STOP_INSTANCE_KEY_PREFIX))
    .map(([key, label]) => ({ instanceId: key.slice(STOP_INSTANCE_KEY_PREFIX.length), label }));
}
