import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TerminalEvent } from '../../terminal/components/TerminalView';
import { sandboxesToStop } from '../../terminal/utils/sandboxConflict';
import { cloudLabKeys } from '../api/cloudLabKeys';
import type { LabAddress } from '../api/LabAddress';
import { useCloudLabInstance } from '../api/useCloudLabInstance';
import { useStopCloudLab } from '../api/useStopCloudLab';

export type LabState = 'allocating' | 'running' | 'stopped' | 'other-lab' | 'failed' | 'not-enabled';

/**
 * Spec workspace events the page reports: launch success or failure, the CloudShell's socket connected or
 * disconnected, its size changed, a limit of the lab exceeded (memory, processes, disk; the server tells the
 * socket), and stopping.
 */
export interface LabEvent {
  at: Date;
  kind:
    | 'launch success'
    | 'launch failure'
    | 'connected'
    | 'disconnected'
    | 'size changed'
    | 'limit exceeded'
    | 'stopped';
  text: string;
}

/** Size changes come in bursts while a window is dragged: only the last of a burst is kept. */
const SIZE_EVENT_QUIET_MS = 800;

/**
 * The learner's lab on a task page: opening a task starts (or rejoins) the lab; Stop lab ends it; a lab of
 * other work running already is the spec's conflict, resolved by stopping that one first. `access` is the
 * lab's `can_access_cloudlabs` (null until the lab is loaded): nothing starts before it is known to be true.
 */
export function useLabSession(address: LabAddress, access: boolean | null) {
  const [wanted, setWanted] = useState<'running' | 'stopped'>('running');
  const [stopFirst, setStopFirst] = useState<string | null>(null);
  const [events, setEvents] = useState<LabEvent[]>([]);
  /** The last limit the lab ran into, shown above the terminal until dismissed (the event list is folded). */
  const [limitNotice, setLimitNotice] = useState<string | null>(null);
  const instance = useCloudLabInstance(address, {
    enabled: wanted === 'running' && access === true,
    stopFirst,
  });
  const stop = useStopCloudLab();
  const queryClient = useQueryClient();
  const reported = useRef<string | null>(null);

  // Another lab, or the per-learner limit: the refusal names what runs and lists it to stop.
  const isOtherLab = instance.isError && sandboxesToStop(instance.error).length > 0;
  let state: LabState;
  if (access === false) state = 'not-enabled';
  else if (wanted === 'stopped') state = 'stopped';
  else if (instance.isPending) state = 'allocating';
  else if (isOtherLab) state = 'other-lab';
  else if (instance.isError) state = 'failed';
  else state = 'running';

  useEffect(() => {
    const key = instance.data?.instanceId ?? (instance.isError ? `error:${instance.errorUpdatedAt}` : null);
    if (!key || reported.current === key) return;
    reported.current = key;
    const event: LabEvent = instance.data
      ? { at: new Date(), kind: 'launch success', text: 'Lab launched.' }
      : {
          at: new Date(),
          kind: 'launch failure',
          text: instance.error?.message ?? 'The lab failed to launch.',
        };
    setEvents((list) => [...list, event]);
  }, [instance.data, instance.isError, instance.errorUpdatedAt, instance.error]);

  const sizeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(sizeTimer.current), []);
  const add = (kind: LabEvent['kind'], text: string) =>
    setEvents((list) => [...list, { at: new Date(), kind, text }].slice(-50));

  return {
    state,
    /** The CloudShell's own events (its socket and size). */
    onTerminalEvent(event: TerminalEvent) {
      if (event.kind === 'connected') add('connected', 'CloudShell connected.');
      else if (event.kind === 'disconnected') add('disconnected', 'CloudShell disconnected; reconnecting.');
      else if (event.kind === 'limit exceeded') {
        add('limit exceeded', event.message);
        setLimitNotice(event.message);
      } else {
        window.clearTimeout(sizeTimer.current);
        sizeTimer.current = window.setTimeout(
          () => add('size changed', `CloudShell resized to ${event.cols}×${event.rows}.`),
          SIZE_EVENT_QUIET_MS,
        );
      }
    },
    instanceId: state === 'running' ? (instance.data?.instanceId ?? null) : null,
    error: instance.error,
    events,
    limitNotice,
    dismissLimitNotice() {
      setLimitNotice(null);
    },
    isStopping: stop.isPending,
    start() {
      setStopFirst(null);
      setWanted('running');
      void queryClient.resetQueries({ queryKey: cloudLabKeys.instance(address) });
    },
    retry() {
      void instance.refetch();
    },
    stopOtherAndStart(instanceId: string) {
      setStopFirst(instanceId);
    },
    async stop() {
      const instanceId = instance.data?.instanceId;
      if (instanceId) await stop.mutateAsync(instanceId).catch(() => undefined);
      queryClient.removeQueries({ queryKey: cloudLabKeys.instance(address) });
      setWanted('stopped');
      setLimitNotice(null);
      setEvents((list) => [...list, { at: new Date(), kind: 'stopped', text: 'Lab stopped.' }]);
    },
  };
}
