import type { DataRequestView } from '@coderoom/contracts';
import { type DataRequestOutcome, DataRequestType } from '@coderoom/domain';
import type { DataRequestSummary } from './privacy.repository.js';

export function exportUrlOf(id: number): string {
  return `/api/access-right/data/request/${id}/export`;
}

export function presentDataRequest(row: DataRequestSummary, now: Date): DataRequestView {
  const isReadyDownload =
    row.requestType === DataRequestType.Download &&
    row.state === 'completed' &&
    row.expiresAt !== null &&
    row.expiresAt > now;
  return {
    id: row.id,
    request_type: row.requestType as DataRequestType,
    state: row.state,
    outcome: (row.outcome as DataRequestOutcome | null) ?? null,
    created_at: row.createdAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    download_url: isReadyDownload ? exportUrlOf(row.id) : null,
    export_bytes: row.exportBytes,
  };
}
