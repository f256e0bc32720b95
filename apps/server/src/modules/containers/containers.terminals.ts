import { InstanceLimit, limitExceededMessage } from '@coderoom/domain';
import type { InstanceHandle, LiveInstanceDriver, TerminalSession, TerminalSize } from '@coderoom/runner';

/** Why a browser's terminal ended (spec socket states "terminated" and "force closed"). */
export type TerminalEnd = 'terminated' | 'force_closed';

/** One browser socket attached to an instance's terminal. */
export interface TerminalPeer {
  output(data: Buffer): void;
  end(reason: TerminalEnd, exitCode: number | null): void;
  /** The instance hit one of its limits (spec workspace event "limit exceeded"). */
  limitExceeded(limit: InstanceLimit, message: string): void;
}

export interface TerminalAttachment {
  write(data: string): void;
  resize(size: TerminalSize): void;
  detach(): void;
}

interface SharedTerminal {
  session: TerminalSession;
  peers: Set<TerminalPeer>;
  /** The last output, replayed to a socket that (re)connects, so a reconnect shows where the shell is. */
  scrollback: Buffer[];
  scrollbackBytes: number;
  /** Reads the instance's limit counters while the shell is open. */
  watcher: NodeJS.Timeout | null;
}

/** The instance's limit counters at one moment. */
interface LimitReading {
  oomKills: number;
  processLimitHits: number;
  diskFull: boolean;
}

/** The workspace counts as full with less than this left (a write that fails leaves a few blocks free). */
const DISK_FULL_MARGIN_BYTES = 256 * 1024;

const SCROLLBACK_BYTES = 64 * 1024;

/**
 * One shell per instance, shared by the sockets attached to it. A dropped socket does not end the shell
 * (the learner's app may be running in it); reconnecting replays the recent output. The shell ends when the
 * learner exits it, or with the instance.
 */
export function createTerminalHub(driver: LiveInstanceDriver, options: { limitPollMs?: number } = {}) {
  const terminals = new Map<string, Promise<SharedTerminal>>();
  const limitPollMs = options.limitPollMs ?? 1000;

  function readLimits(handle: InstanceHandle) {
    try {
      const status = driver.status(handle);
      const workspace = status.workspace;
      const reading: LimitReading = {
        oomKills: status.oomKills,
        processLimitHits: status.processLimitHits,
        diskFull: workspace !== null && workspace.sizeBytes - workspace.usedBytes < DISK_FULL_MARGIN_BYTES,
      };
      return { reading, limits: status.limits };
    } catch {
      return null; // the instance is going away; its end is reported by the shell's exit
    }
  }

  /**
   * Polls the instance's counters (the driver's status is cheap: a few cgroup files and one statfs) and tells
   * the attached sockets about each new OOM kill, each new run into the process limit, and the workspace
   * filling up (once per time it fills).
   */
  function watchLimits(shared: SharedTerminal, handle: InstanceHandle) {
    let last = readLimits(handle)?.reading;
    if (!last) return;
    shared.watcher = setInterval(() => {
      const now = readLimits(handle);
      if (!now || !last) return;
      const { reading, limits } = now;
      const events: Array<[InstanceLimit, number]> = [];
      if (reading.oomKills > last.oomKills) events.push([InstanceLimit.Memory, limits.memoryMb]);
      if (reading.processLimitHits > last.processLimitHits)
        events.push([InstanceLimit.Processes, limits.processes]);
      if (reading.diskFull && !last.diskFull) events.push([InstanceLimit.Disk, limits.workspaceMb]);
      last = reading;
      for (const [limit, amount] of events) {
        for (const peer of shared.peers) peer.limitExceeded(limit, limitExceededMessage(limit, amount));
      }
    }, limitPollMs);
    shared.watcher.unref();
  }

  function stopWatching(shared: SharedTerminal) {
    if (shared.watcher) clearInterval(shared.watcher);
    shared.watcher = null;
  }

  async function open(instanceId: string, handle: InstanceHandle, size: TerminalSize) {
    const session = await driver.openTerminal(handle, size);
    const shared: SharedTerminal = {
      session,
      peers: new Set(),
      scrollback: [],
      scrollbackBytes: 0,
      watcher: null,
    };
    watchLimits(shared, handle);
    session.onData((data) => {
      shared.scrollback.push(data);
      shared.scrollbackBytes += data.length;
      while (shared.scrollbackBytes > SCROLLBACK_BYTES && shared.scrollback.length > 1) {
        shared.scrollbackBytes -= shared.scrollback.shift()?.length ?? 0;
      }
      for (const peer of shared.peers) peer.output(data);
    });
    session.onExit((exitCode) => {
      stopWatching(shared);
      terminals.delete(instanceId);
      for (const peer of shared.peers) peer.end('terminated', exitCode);
      shared.peers.clear();
    });
    return shared;
  }

  return {
    async attach(
      instanceId: string,
      handle: InstanceHandle,
      size: TerminalSize,
      peer: TerminalPeer,
    ): Promise<TerminalAttachment> {
      let pending = terminals.get(instanceId);
      if (!pending) {
        pending = open(instanceId, handle, size);
        terminals.set(instanceId, pending);
        pending.catch(() => terminals.delete(instanceId));
      }
      const shared = await pending;
      if (shared.session.exited) throw new Error('the terminal ended');
      for (const chunk of shared.scrollback) peer.output(chunk);
      shared.peers.add(peer);
      shared.session.resize(size);
      return {
        write: (data) => shared.session.write(data),
        resize: (next) => shared.session.resize(next),
        detach: () => {
          shared.peers.delete(peer);
        },
      };
    },

    /** The instance is going away: every socket is force closed and the shell is ended. */
    async closeInstance(instanceId: string): Promise<void> {
      const pending = terminals.get(instanceId);
      terminals.delete(instanceId);
      const shared = await pending?.catch(() => null);
      if (!shared) return;
      stopWatching(shared);
      for (const peer of shared.peers) peer.end('force_closed', null);
      shared.peers.clear();
      shared.session.close();
    },
  };
}

export type TerminalHub = ReturnType<typeof createTerminalHub>;
