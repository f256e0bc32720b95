import type { InstanceHandle, LiveInstanceDriver, TerminalSession, TerminalSize } from '@coderoom/runner';

/** Why a browser's terminal ended (spec socket states "terminated" and "force closed"). */
export type TerminalEnd = 'terminated' | 'force_closed';

/** One browser socket attached to an instance's terminal. */
export interface TerminalPeer {
  output(data: Buffer): void;
  end(reason: TerminalEnd, exitCode: number | null): void;
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
}

const SCROLLBACK_BYTES = 64 * 1024;

/**
 * One shell per instance, shared by the sockets attached to it. A dropped socket does not end the shell
 * (the learner's app may be running in it); reconnecting replays the recent output. The shell ends when the
 * learner exits it, or with the instance.
 */
export function createTerminalHub(driver: LiveInstanceDriver) {
  const terminals = new Map<string, Promise<SharedTerminal>>();

  async function open(instanceId: string, handle: InstanceHandle, size: TerminalSize) {
    const session = await driver.openTerminal(handle, size);
    const shared: SharedTerminal = { session, peers: new Set(), scrollback: [], scrollbackBytes: 0 };
    session.onData((data) => {
      shared.scrollback.push(data);
      shared.scrollbackBytes += data.length;
      while (shared.scrollbackBytes > SCROLLBACK_BYTES && shared.scrollback.length > 1) {
        shared.scrollbackBytes -= shared.scrollback.shift()?.length ?? 0;
      }
      for (const peer of shared.peers) peer.output(data);
    });
    session.onExit((exitCode) => {
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
      for (const peer of shared.peers) peer.end('force_closed', null);
      shared.peers.clear();
      shared.session.close();
    },
  };
}

export type TerminalHub = ReturnType<typeof createTerminalHub>;
