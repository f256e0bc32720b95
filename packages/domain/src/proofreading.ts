import { ProofreadingState } from './content.js';
import { type DiffLine, diffSequences } from './diff/lineDiff.js';
import { ErrorMessages } from './errors.js';

// Proofreading of articles (spec 000 §2 "Proofreading", §4 states 101–106, §8; docs/proofreading.md).
// The spec gives the states and the routes; the moves between them and who makes each are ours.

/** The moves of the state machine; incorporating (105 → 106) has its own call, since it carries decisions. */
export const ProofreadingAction = {
  Submit: 'submit',
  Withdraw: 'withdraw',
  Claim: 'claim',
  FinishPass: 'finish_pass',
  ReturnToProofreader: 'return_to_proofreader',
  SendToAuthor: 'send_to_author',
  Incorporate: 'incorporate',
  Approve: 'approve',
} as const;
export type ProofreadingAction = (typeof ProofreadingAction)[keyof typeof ProofreadingAction];

/** Who makes a move: the article's author side, the proofreader who holds it, or a platform admin. */
export type ProofreadingActor = 'author' | 'proofreader' | 'admin';

export interface ProofreadingMove {
  from: ProofreadingState;
  to: ProofreadingState;
  by: ProofreadingActor;
  label: string;
}

export const PROOFREADING_MOVES: Record<ProofreadingAction, ProofreadingMove> = {
  submit: {
    from: ProofreadingState.Edit,
    to: ProofreadingState.SubmittedForProofread,
    by: 'author',
    label: 'Submit for proofreading',
  },
  withdraw: {
    from: ProofreadingState.SubmittedForProofread,
    to: ProofreadingState.Edit,
    by: 'author',
    label: 'Withdraw from proofreading',
  },
  claim: {
    from: ProofreadingState.SubmittedForProofread,
    to: ProofreadingState.InProofread,
    by: 'proofreader',
    label: 'Start proofreading',
  },
  finish_pass: {
    from: ProofreadingState.InProofread,
    to: ProofreadingState.AwaitingAdminReview,
    by: 'proofreader',
    label: 'Finish this pass',
  },
  return_to_proofreader: {
    from: ProofreadingState.AwaitingAdminReview,
    to: ProofreadingState.InProofread,
    by: 'admin',
    label: 'Ask for another pass',
  },
  send_to_author: {
    from: ProofreadingState.AwaitingAdminReview,
    to: ProofreadingState.AwaitingAuthorReview,
    by: 'admin',
    label: 'Send to the author',
  },
  incorporate: {
    from: ProofreadingState.AwaitingAuthorReview,
    to: ProofreadingState.AwaitingAdminApproval,
    by: 'author',
    label: 'Incorporate suggestions',
  },
  approve: {
    from: ProofreadingState.AwaitingAdminApproval,
    to: ProofreadingState.Edit,
    by: 'admin',
    label: 'Approve and publish',
  },
};

export const PROOFREADING_STATE_LABELS: Record<ProofreadingState, string> = {
  101: 'Edit',
  102: 'Submitted for proofread',
  103: 'In proofread',
  104: 'Awaiting admin review',
  105: 'Awaiting author review',
  106: 'Awaiting admin approval',
};

/** Limits of a suggestion (ours). */
export const PROOFREAD_SUGGESTION_TEXT_MAX = 2000;
export const PROOFREAD_SUGGESTION_NOTE_MAX = 500;
export const PROOFREAD_SUGGESTIONS_PER_PASS_MAX = 200;

export const ProofreadingMessages = {
  /** Spec 000 §8: every read or write of an article the caller may not see answers this 404. */
  NotFound: ErrorMessages.ProofreadingLoadFailed,
  PassNotFound: 'This proofreading pass does not exist.',
  SuggestionNotFound: 'This suggestion does not exist.',
  NotAuthor: 'Only the author of this article can do this.',
  NotProofreader: 'Only a proofreader can do this.',
  NotYourArticle: 'Another proofreader is working on this article.',
  NotAdmin: 'Only an admin can do this.',
  IllegalMove: (action: ProofreadingAction, state: ProofreadingState) =>
    `"${PROOFREADING_MOVES[action].label}" is not possible while the article is "${PROOFREADING_STATE_LABELS[state]}".`,
  EmptyArticle: 'Write the article before you submit it for proofreading.',
  PassClosed: 'Suggestions can only be added to the open pass while the article is in proofread.',
  TextNotFound: 'Could not find that text in this block of the article.',
  TextAmbiguous: 'That text appears more than once in this block: give its position or a longer piece.',
  OnlyProse: 'Suggestions change the text of Markdown blocks only.',
  Unchanged: 'A suggestion must change the text.',
  Overlap: 'Another suggestion in this pass already changes this text.',
  TooMany: `A pass holds at most ${PROOFREAD_SUGGESTIONS_PER_PASS_MAX} suggestions.`,
  DecisionsIncomplete: 'Accept or reject every suggestion before you finish.',
  UnknownSuggestion: 'This suggestion is not waiting for your decision.',
  AnchorLost:
    'The text this suggestion changes was edited after the pass. Reject it and make the change by hand.',
  AcceptedOverlap: 'Two accepted suggestions change the same text: accept only one of them.',
  NoSuchAccount: 'No account uses this e-mail address.',
  AlreadyProofreader: 'This user is already a proofreader.',
  NotAProofreader: 'This user is not a proofreader.',
  HoldsArticle: 'This proofreader is working on an article. Remove them once the pass is finished.',
} as const;

/** The notifications of proofreading moves (types 8031–8034), titled with the article's title. */
export const ProofreadingNotices = {
  Submitted: (title: string) => ({
    title: `"${title}" was submitted for proofreading`,
    body: 'Claim it from your proofreading queue to start a pass.',
  }),
  PassReady: (title: string) => ({
    title: `Proofreading suggestions for "${title}" are ready`,
    body: 'Accept or reject each suggestion, then finish incorporating.',
  }),
  Incorporated: (title: string) => ({
    title: `The author of "${title}" incorporated your suggestions`,
    body: 'See what was accepted and rejected under Review incorporations.',
  }),
  Approved: (title: string) => ({
    title: `"${title}" was approved and published`,
    body: 'Thank you for proofreading it.',
  }),
} as const;

/** A replacement of `original` at `offset` in a Markdown block's text. */
export interface TextEdit {
  offset: number;
  original: string;
  replacement: string;
}

/** Where `original` sits in `text`: at the given offset, or its only occurrence; null if neither. */
export function locateText(text: string, original: string, offset?: number): number | 'ambiguous' | null {
  if (original === '') return null;
  if (offset !== undefined) return text.startsWith(original, offset) ? offset : null;
  const first = text.indexOf(original);
  if (first < 0) return null;
  return text.indexOf(original, first + 1) >= 0 ? 'ambiguous' : first;
}

export function editsOverlap(a: TextEdit, b: TextEdit): boolean {
  return a.offset < b.offset + b.original.length && b.offset < a.offset + a.original.length;
}

/** Applies non-overlapping edits to a text, the last first so earlier offsets stay valid. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const ordered = [...edits].sort((a, b) => b.offset - a.offset);
  let result = text;
  for (const edit of ordered) {
    result =
      result.slice(0, edit.offset) + edit.replacement + result.slice(edit.offset + edit.original.length);
  }
  return result;
}

/** Words and the spaces between them, so a diff shows the words a proofreader changed. */
export function wordTokens(text: string): string[] {
  return text.split(/(\s+)/).filter((token) => token !== '');
}

/** A word-level diff: runs of equal, removed and added text (each token is one `DiffLine`). */
export function diffWords(before: string, after: string): DiffLine[] {
  const merged: DiffLine[] = [];
  for (const token of diffSequences(wordTokens(before), wordTokens(after)).lines) {
    const last = merged.at(-1);
    if (last && last.change === token.change) last.text += token.text;
    else merged.push({ change: token.change, text: token.text });
  }
  return merged;
}
