import type {
  ProofreadEvent,
  Proofreader,
  ProofreadPass,
  ProofreadQueueItem,
  ProofreadSuggestion,
} from '@coderoom/contracts';
import type { ProofreadingState } from '@coderoom/domain';
import type { ProofreadPassRow, ProofreadSuggestionRow } from '../../db/schema.js';
import type { QueueRow } from './proofreading.repository.js';
import { contextOf, placeSuggestion } from './proofreading.text.js';

// Rows of proofreading turned into the contract's shapes.

export interface SuggestionWithName {
  suggestion: ProofreadSuggestionRow;
  decidedByName: string | null;
  passNo: number;
  /** The block's current text, for the context around the change. */
  text: string;
}

export function presentSuggestion({
  suggestion,
  decidedByName,
  passNo,
  text,
}: SuggestionWithName): ProofreadSuggestion {
  // Once accepted, the block holds the replacement: the context is found around it instead.
  const placed =
    suggestion.decision === 'accepted'
      ? placeSuggestion(text, { ...suggestion, original: suggestion.replacement })
      : placeSuggestion(text, suggestion);
  const context = contextOf(text, placed);
  return {
    id: suggestion.id,
    pass_no: passNo,
    comp_id: suggestion.compId,
    offset: suggestion.offset,
    original: suggestion.original,
    replacement: suggestion.replacement,
    note: suggestion.note,
    context_before: context.before,
    context_after: context.after,
    decision: suggestion.decision,
    decided_by_name: suggestion.decision ? decidedByName : null,
    decided_at: suggestion.decidedAt?.toISOString() ?? null,
  };
}

export function presentPass(
  pass: ProofreadPassRow,
  proofreaderName: string,
  suggestions: SuggestionWithName[],
  showSuggestions: boolean,
): ProofreadPass {
  return {
    pass_no: pass.passNo,
    proofreader_name: proofreaderName,
    opened_at: pass.openedAt.toISOString(),
    finished_at: pass.finishedAt?.toISOString() ?? null,
    released_at: pass.releasedAt?.toISOString() ?? null,
    incorporated_at: pass.incorporatedAt?.toISOString() ?? null,
    suggestion_count: suggestions.length,
    suggestions: showSuggestions ? suggestions.map(presentSuggestion) : null,
  };
}

export function presentEvent(row: {
  action: string;
  fromState: number;
  toState: number;
  actorName: string | null;
  createdAt: Date;
}): ProofreadEvent {
  return {
    action: row.action,
    from_state: row.fromState as ProofreadingState,
    to_state: row.toState as ProofreadingState,
    actor_name: row.actorName ?? 'Deleted User',
    at: row.createdAt.toISOString(),
  };
}

export function presentQueueItem(row: QueueRow, role: ProofreadQueueItem['role']): ProofreadQueueItem {
  return {
    author_id: row.authorId,
    collection_id: row.collectionId,
    doc_id: row.encodedId,
    page_id: row.pageId,
    title: row.title,
    state: row.state as ProofreadingState,
    proofreader_name: row.proofreaderName,
    updated_at: row.updatedAt.toISOString(),
    role,
  };
}

export function presentProofreader(row: {
  userId: number;
  fullName: string;
  email: string;
  addedAt: Date;
}): Proofreader {
  return {
    user_id: row.userId,
    full_name: row.fullName,
    email: row.email,
    added_at: row.addedAt.toISOString(),
  };
}
