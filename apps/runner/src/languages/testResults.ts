import type { UnitTestResult } from '../types.js';

export type JsonRecord = Record<string, unknown>;

/** One JSON object per line; lines that are not objects (stray output) are ignored. */
export function parseJsonLines(text: string): JsonRecord[] {
  const records: JsonRecord[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('{')) continue;
    try {
      const value: unknown = JSON.parse(trimmed);
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        records.push(value as JsonRecord);
    } catch {
      // a half-written line from a run that was killed
    }
  }
  return records;
}

const STATUSES = new Set<UnitTestResult['status']>(['passed', 'failed', 'skipped']);

/** A harness record `{ name, status, message?, duration_ms? }` as a test result, or null if it is not one. */
export function resultFromRecord(record: JsonRecord): UnitTestResult | null {
  const { name, status, message, duration_ms: duration } = record;
  if (typeof name !== 'string' || typeof status !== 'string') return null;
  if (!STATUSES.has(status as UnitTestResult['status'])) return null;
  return {
    name,
    status: status as UnitTestResult['status'],
    message: typeof message === 'string' && message !== '' ? message : null,
    duration_ms: typeof duration === 'number' ? duration : null,
  };
}
