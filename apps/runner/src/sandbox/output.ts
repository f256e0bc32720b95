/**
 * Keeps the first `limit` bytes of a stream and counts the rest, so a program that floods its output
 * costs a fixed amount of memory while the run still finishes normally.
 */
export class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  total = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.limit - this.kept;
    if (room <= 0) return;
    const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(piece);
    this.kept += piece.length;
  }

  get truncated(): boolean {
    return this.total > this.limit;
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.kept);
  }
}

/** Decodes program output for JSON answers; invalid UTF-8 becomes U+FFFD rather than failing. */
export function decodeOutput(bytes: Buffer): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}
