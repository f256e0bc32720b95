import { timingSafeEqual } from 'node:crypto';

// The live-instances service's wire format (ROLE=instances, docs/containers.md "Instances as a service").
// Plain calls are one JSON request each; Buffers travel as { $b64 } so files, request bodies and answers
// keep their bytes. Terminals and TCP streams are HTTP upgrades on the same port.

export const INSTANCES_CALL_PATH = '/v1/call';
export const INSTANCES_HEALTH_PATH = '/v1/health';
/** Upgrade paths: `/v1/instances/<id>/tcp?port=…` (raw bytes) and `…/terminal?cols=…&rows=…` (frames). */
export const INSTANCES_STREAM_PREFIX = '/v1/instances/';
export const INSTANCES_UPGRADE = 'coderoom-instance';

export type InstanceMethod =
  | 'allocate'
  | 'exec'
  | 'execCheck'
  | 'writeFiles'
  | 'readFile'
  | 'ports'
  | 'httpRequest'
  | 'stop'
  | 'status'
  | 'driverStatus'
  | 'reclaimIdle';

export const INSTANCE_METHODS: readonly InstanceMethod[] = [
  'allocate',
  'exec',
  'execCheck',
  'writeFiles',
  'readFile',
  'ports',
  'httpRequest',
  'stop',
  'status',
  'driverStatus',
  'reclaimIdle',
];

/** Terminal frames: one type byte, a 4-byte length, the payload. */
export const Frame = { Data: 0, Exit: 1, Resize: 2, Close: 3, Open: 4 } as const;

export function encodeFrame(type: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(type, 0);
  header.writeUInt32BE(payload.length, 1);
  return Buffer.concat([header, payload]);
}

/** Splits a byte stream into frames, whatever the chunking. */
export function frameReader(onFrame: (type: number, payload: Buffer) => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1);
      if (pending.length < 5 + length) return;
      const type = pending.readUInt8(0);
      const payload = pending.subarray(5, 5 + length);
      pending = pending.subarray(5 + length);
      onFrame(type, payload);
    }
  };
}

export function toWire(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, converted) {
    const raw = this[key];
    return Buffer.isBuffer(raw) ? { $b64: raw.toString('base64') } : converted;
  });
}

export function fromWire<T>(text: string): T {
  return JSON.parse(text, (_key, value) =>
    value !== null && typeof value === 'object' && typeof value.$b64 === 'string'
      ? Buffer.from(value.$b64, 'base64')
      : value,
  ) as T;
}

export function secretMatches(header: string | undefined, secret: Buffer): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const sent = Buffer.from(header.slice('Bearer '.length), 'utf8');
  return sent.length === secret.length && timingSafeEqual(sent, secret);
}
