import type { Readable, Writable } from 'node:stream';
import { MiB } from '../config.js';
import type { AgentTcpStream } from './agentStream.js';
import { InstanceError, InstanceErrorCode } from './types.js';

// The host's side of the agent protocol (agent.ts): one JSON request per line on the agent's stdin, one
// answer per line on its stdout carrying the request's id, and events (terminal output and exits, TCP
// bytes) pushed in between without a request.

export interface AgentReply {
  id: number;
  ok: boolean;
  error?: string;
  [key: string]: unknown;
}

/** Agent answers longer than this are a broken protocol, not data (outputs are capped far below). */
const MAX_LINE_BYTES = 8 * MiB;

export interface PtyListeners {
  data: Array<(data: Buffer) => void>;
  exit: Array<(exitCode: number | null) => void>;
  ended: boolean;
}

/** What the connection tells its instance. */
export interface AgentConnectionEvents {
  /** Terminal output arrived: the instance is in use. */
  onActivity(): void;
  /** The agent refused a request with this message. */
  onRefusal(error: string): void;
  /** The agent's output broke the protocol: the instance must go. */
  onBroken(): void;
}

/**
 * The agent's two pipes: a bubblewrap child's stdin/stdout, or a Docker container's attached stdin and its
 * demultiplexed stdout (dockerDriver.ts).
 */
export interface AgentPipes {
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
}

export class AgentConnection {
  private nextRequest = 1;
  private readonly pending = new Map<
    number,
    { resolve: (reply: AgentReply) => void; reject: (error: Error) => void }
  >();
  /** Open terminals by the agent's pty id; their output arrives as events, not replies. */
  readonly terminals = new Map<number, PtyListeners>();
  /** Open TCP streams (the app proxy's WebSockets) by the agent's stream id; their bytes arrive as events. */
  readonly streams = new Map<number, AgentTcpStream>();

  constructor(
    private readonly child: AgentPipes,
    private readonly events: AgentConnectionEvents,
  ) {
    child.stdin?.on('error', () => {});
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      if (buffered.length > MAX_LINE_BYTES) {
        events.onBroken();
        return;
      }
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        this.onLine(line);
        newline = buffered.indexOf('\n');
      }
    });
  }

  /** The agent's greeting (answer id 0), written once it runs inside the sandbox. */
  hello(): Promise<AgentReply> {
    return new Promise<AgentReply>((resolve, reject) => {
      this.pending.set(0, { resolve, reject });
    });
  }

  /**
   * Sends one request to the agent; a reply that never comes (agent killed or stuck) fails after `waitMs`.
   * `onAnswer` runs as the answer is read, before the events that follow it on the agent's output.
   */
  request(
    body: Record<string, unknown>,
    waitMs: number,
    onAnswer?: (reply: AgentReply) => void,
  ): Promise<AgentReply> {
    const id = this.nextRequest;
    this.nextRequest += 1;
    return new Promise<AgentReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new InstanceError(InstanceErrorCode.AgentFailed, 'the instance did not answer'));
      }, waitMs);
      this.pending.set(id, {
        resolve: (reply) => {
          clearTimeout(timer);
          if (reply.ok) {
            onAnswer?.(reply);
            resolve(reply);
          } else {
            this.events.onRefusal(reply.error ?? '');
            reject(new InstanceError(InstanceErrorCode.AgentFailed, reply.error ?? 'the instance refused'));
          }
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.child.stdin?.write(`${JSON.stringify({ ...body, id })}\n`);
    });
  }

  /** The instance stopped: every waiting request fails with `reason()`, terminals end, streams close. */
  close(reason: () => Error): void {
    for (const waiter of this.pending.values()) waiter.reject(reason());
    this.pending.clear();
    for (const id of [...this.terminals.keys()]) this.endTerminal(id, null);
    for (const stream of [...this.streams.values()]) stream.destroy();
    this.streams.clear();
  }

  private onLine(line: string): void {
    let reply: AgentReply;
    try {
      reply = JSON.parse(line) as AgentReply;
    } catch {
      return;
    }
    if (typeof reply.event === 'string') {
      this.onEvent(reply);
      return;
    }
    const waiter = this.pending.get(reply.id);
    if (!waiter) return;
    this.pending.delete(reply.id);
    waiter.resolve(reply);
  }

  /** Terminal output and exits, pushed by the agent without a request. */
  private onEvent(event: AgentReply): void {
    if (event.event === 'tcp_data' || event.event === 'tcp_eof' || event.event === 'tcp_closed') {
      this.onStreamEvent(event);
      return;
    }
    const terminal = this.terminals.get(Number(event.pty));
    if (!terminal) return;
    if (event.event === 'pty_data') {
      this.events.onActivity();
      const data = Buffer.from(String(event.data ?? ''), 'base64');
      for (const listener of terminal.data) listener(data);
    } else if (event.event === 'pty_exit') {
      this.endTerminal(Number(event.pty), typeof event.exitCode === 'number' ? event.exitCode : null);
    }
  }

  /** Bytes and ends of TCP streams; unlike terminal output they do not count as activity (types.ts). */
  private onStreamEvent(event: AgentReply): void {
    const stream = this.streams.get(Number(event.stream));
    if (!stream) return;
    if (event.event === 'tcp_data') stream.receive(Buffer.from(String(event.data ?? ''), 'base64'));
    else if (event.event === 'tcp_eof') stream.receiveEnd();
    else {
      this.streams.delete(stream.streamId);
      stream.receiveClosed();
    }
  }

  private endTerminal(id: number, exitCode: number | null): void {
    const terminal = this.terminals.get(id);
    if (!terminal || terminal.ended) return;
    terminal.ended = true;
    this.terminals.delete(id);
    for (const listener of terminal.exit) listener(exitCode);
  }
}
