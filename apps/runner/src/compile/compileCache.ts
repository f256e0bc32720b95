import { createHash } from 'node:crypto';
import type { Artifact, ProgramFiles } from '../languages/language.js';
import type { LanguageId } from '../types.js';

export type CompileOutcome =
  | { ok: true; artifact: Artifact; timeMs: number }
  /** The compiler rejected the code: deterministic, so cached like a success. */
  | { ok: false; output: string; timeMs: number };

/** Same language, same file names and contents → same build. */
export function compileKey(language: LanguageId, program: ProgramFiles): string {
  const hash = createHash('sha256').update(language).update('\0').update(program.entry).update('\0');
  for (const name of [...program.files.keys()].sort()) {
    const content = program.files.get(name) ?? '';
    hash
      .update(name)
      .update('\0')
      .update(String(Buffer.byteLength(content)))
      .update('\0')
      .update(content);
  }
  return hash.digest('hex');
}

function sizeOf(outcome: CompileOutcome): number {
  if (!outcome.ok) return outcome.output.length + 64;
  return (
    outcome.artifact.files.reduce((total, file) => total + file.content.length + file.path.length, 0) + 64
  );
}

/**
 * Built programs kept in memory, least recently used first out, bounded by bytes. In memory on purpose:
 * compiled files go into the next sandbox through file descriptors, so no host directory is ever shared
 * with sandboxed code (and no stale binaries survive a restart).
 */
export class CompileCache {
  private readonly entries = new Map<string, CompileOutcome>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CompileOutcome | undefined {
    const outcome = this.entries.get(key);
    if (outcome) {
      this.entries.delete(key);
      this.entries.set(key, outcome);
      this.hits += 1;
    } else {
      this.misses += 1;
    }
    return outcome;
  }

  set(key: string, outcome: CompileOutcome): void {
    const size = sizeOf(outcome);
    if (size > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= sizeOf(previous);
      this.entries.delete(key);
    }
    this.entries.set(key, outcome);
    this.bytes += size;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(value);
    }
  }
}
