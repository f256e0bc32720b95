import {
  type DiffLine,
  PROOFREAD_SUGGESTION_NOTE_MAX,
  PROOFREAD_SUGGESTION_TEXT_MAX,
  PROOFREAD_SUGGESTIONS_PER_PASS_MAX,
  ProofreadingAction,
  type ProofreadingState,
} from '@coderoom/domain';
import { z } from 'zod';
import type { ReaderWidget } from './reader.js';

// Proofreading of articles (spec 000 §2 "Proofreading", §4; decisions in docs/proofreading.md).
// API addresses mirror the web routes: /api/proofread/{authorId}/{collectionId}/document/{docId}/….

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const passNo = z.coerce.number().int().positive().max(1_000_000);

export const ProofreadDocParamsSchema = z.strictObject({
  authorId: id,
  collectionId: id,
  docId: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type ProofreadDocParams = z.output<typeof ProofreadDocParamsSchema>;

/** `{pageId}` of the route: optional, the article's one page when left out. */
export const ProofreadDocQuerySchema = z.strictObject({ page_id: id.optional() });

export const ProofreadPassParamsSchema = ProofreadDocParamsSchema.extend({ passNo });
export const ProofreadSuggestionParamsSchema = ProofreadPassParamsSchema.extend({ suggestionId: id });
export const ProofreadPassPreviewQuerySchema = z.strictObject({
  page_id: id.optional(),
  base_pass: passNo.optional(),
});

/** The moves made with `POST …/transition`; incorporating has its own call with the decisions. */
export const ProofreadTransitionRequestSchema = z.strictObject({
  action: z.enum([
    ProofreadingAction.Submit,
    ProofreadingAction.Withdraw,
    ProofreadingAction.Claim,
    ProofreadingAction.FinishPass,
    ProofreadingAction.ReturnToProofreader,
    ProofreadingAction.SendToAuthor,
    ProofreadingAction.Approve,
  ]),
});
export type ProofreadTransitionRequest = z.output<typeof ProofreadTransitionRequestSchema>;

export const CreateSuggestionRequestSchema = z.strictObject({
  comp_id: z.string().min(1).max(100),
  original: z.string().min(1).max(PROOFREAD_SUGGESTION_TEXT_MAX),
  replacement: z.string().max(PROOFREAD_SUGGESTION_TEXT_MAX),
  /** Where `original` starts in the block's text; needed only when it occurs more than once. */
  offset: z.number().int().min(0).max(1_000_000).optional(),
  note: z.string().trim().max(PROOFREAD_SUGGESTION_NOTE_MAX).optional(),
});
export type CreateSuggestionRequest = z.input<typeof CreateSuggestionRequestSchema>;

export const SuggestionDecisionSchema = z.enum(['accepted', 'rejected']);
export type SuggestionDecision = z.output<typeof SuggestionDecisionSchema>;

export const IncorporateRequestSchema = z.strictObject({
  decisions: z
    .array(z.strictObject({ suggestion_id: id, decision: SuggestionDecisionSchema }))
    .min(1)
    .max(PROOFREAD_SUGGESTIONS_PER_PASS_MAX * 5),
});
export type IncorporateRequest = z.input<typeof IncorporateRequestSchema>;

export interface ProofreadSuggestion {
  id: number;
  pass_no: number;
  comp_id: string;
  offset: number;
  original: string;
  replacement: string;
  note: string;
  /** Up to 60 characters of the block's text before and after the change, as the pass saw it. */
  context_before: string;
  context_after: string;
  decision: SuggestionDecision | null;
  decided_by_name: string | null;
  decided_at: string | null;
}

export interface ProofreadPass {
  pass_no: number;
  proofreader_name: string;
  opened_at: string;
  finished_at: string | null;
  released_at: string | null;
  incorporated_at: string | null;
  suggestion_count: number;
  /** Left out (null) for the author side until an admin sends the pass on. */
  suggestions: ProofreadSuggestion[] | null;
}

export interface ProofreadEvent {
  action: string;
  from_state: ProofreadingState;
  to_state: ProofreadingState;
  actor_name: string;
  at: string;
}

export interface ProofreadArticle {
  author_id: number;
  collection_id: number;
  doc_id: string;
  page_id: number;
  title: string;
  author_name: string;
  state: ProofreadingState;
  proofreader_name: string | null;
  is_author: boolean;
  is_proofreader: boolean;
  is_admin: boolean;
  /** The moves this caller may make now (transition actions, and `incorporate`). */
  allowed_actions: ProofreadingAction[];
  /** The page's eTag (author side only): `POST …/incorporate` names it, so a newer edit is not lost. */
  etag: string | null;
  /** The draft as a reader sees it (hidden code and solutions left out). */
  components: ReaderWidget[];
  passes: ProofreadPass[];
  events: ProofreadEvent[];
}

export interface ProofreadBlockDiff {
  comp_id: string;
  changed: boolean;
  diff: DiffLine[];
}

export interface ProofreadPassPreview {
  selected_pass: number;
  base_pass: number | null;
  title: string;
  blocks: ProofreadBlockDiff[];
  suggestions: ProofreadSuggestion[];
}

export interface ProofreadIncorporations {
  title: string;
  passes: ProofreadPass[];
  accepted: number;
  rejected: number;
}

export interface ProofreadQueueItem {
  author_id: number;
  collection_id: number;
  doc_id: string;
  page_id: number;
  title: string;
  state: ProofreadingState;
  proofreader_name: string | null;
  updated_at: string;
  role: 'author' | 'proofreader' | 'admin';
}

export interface ProofreadQueue {
  items: ProofreadQueueItem[];
  is_proofreader: boolean;
}

// The admin's list of proofreaders (platform super admins only; docs/proofreading.md "Proofreaders").

export const AddProofreaderRequestSchema = z.strictObject({
  email: z.string().trim().min(1).max(320).email(),
});
export type AddProofreaderRequest = z.output<typeof AddProofreaderRequestSchema>;

export const ProofreaderParamsSchema = z.strictObject({ userId: id });

export interface Proofreader {
  user_id: number;
  full_name: string;
  email: string;
  added_at: string;
}

export interface ProofreadersResponse {
  proofreaders: Proofreader[];
}
