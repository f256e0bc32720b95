import type {
  AddProofreaderRequest,
  CreateSuggestionRequestSchema,
  IncorporateRequestSchema,
  ProofreadArticle,
  ProofreadDocParams,
  Proofreader,
  ProofreadersResponse,
  ProofreadIncorporations,
  ProofreadPassPreview,
  ProofreadQueue,
  ProofreadSuggestion,
  ProofreadTransitionRequest,
  Widget,
} from '@coderoom/contracts';
import {
  applyTextEdits,
  CourseReviewState,
  diffWords,
  ErrorStatus,
  editsOverlap,
  ItemStatus,
  locateText,
  NotificationCategory,
  NotificationType,
  PlatformAdminRole,
  PROOFREAD_SUGGESTIONS_PER_PASS_MAX,
  PROOFREADING_MOVES,
  ProofreadingAction,
  ProofreadingMessages,
  ProofreadingNotices,
  ProofreadingState,
  type TextEdit,
  WorkType,
} from '@coderoom/domain';
import type { z } from 'zod';
import type { CollectionRow, PageRow, ProofreadPassRow, ProofreadRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError, forbidden, invalidInput, notFound } from '../../platform/http/errors.js';
import { editConflict, isCurrentEtag } from '../../platform/http/etag.js';
import type { UsersService } from '../accounts/users.service.js';
import { canEditCollection, LISTED_STATES } from '../content/content.policy.js';
import { presentWidget } from '../content/content.presenter.js';
import { type Caller, type ContentService, prepareWidget } from '../content/content.service.js';
import type { NotificationEvent } from '../notifications/notifications.service.js';
import {
  canSeeArticle,
  canSeeSuggestions,
  moveRefusal,
  type ProofreadingRoles,
} from './proofreading.policy.js';
import {
  presentEvent,
  presentPass,
  presentProofreader,
  presentQueueItem,
  presentSuggestion,
  type SuggestionWithName,
} from './proofreading.presenter.js';
import * as repo from './proofreading.repository.js';
import { markdownBlocks, placeSuggestion, withBlockTexts } from './proofreading.text.js';

export interface ProofreadingDeps {
  db: Db;
  clock: Clock;
  content: ContentService;
  users: Pick<UsersService, 'findById' | 'findByEmail'>;
  /** The notifications module's writer: each move tells the people who act next (types 8031–8034). */
  notify?: (executor: DbExecutor, events: readonly NotificationEvent[]) => Promise<void>;
  /** The studio's page snapshots: an incorporation is a save and leaves one (authoring module). */
  snapshots?: { recordSnapshot(tx: DbExecutor, page: PageRow, savedBy: number): Promise<void> };
}

type CreateSuggestion = z.output<typeof CreateSuggestionRequestSchema>;
type Incorporate = z.output<typeof IncorporateRequestSchema>;

const articleNotFound = () => notFound(ProofreadingMessages.NotFound);

/** The article a route names, and what the caller is to it. */
interface ArticleContext {
  collection: CollectionRow;
  page: PageRow;
  proofread: ProofreadRow | undefined;
  passes: ProofreadPassRow[];
  roles: ProofreadingRoles;
}

export function createProofreadingService({
  db,
  clock,
  content,
  users,
  notify,
  snapshots,
}: ProofreadingDeps) {
  async function nameOf(userId: number | null): Promise<string> {
    if (userId === null) return 'Deleted User';
    return (await users.findById(userId))?.fullName ?? 'Deleted User';
  }

  async function rolesOf(caller: Caller, collection: CollectionRow, proofread: ProofreadRow | undefined) {
    const isAdmin = caller.adminRole === PlatformAdminRole.SuperAdmin;
    const { viewer } = await content.findWithViewer(caller.userId, collection.id);
    // The author side is the author and editor collaborators; an admin's edit right does not make them one.
    const isAuthor = viewer !== null && canEditCollection({ ...viewer, isAdmin: false }, collection);
    const isProofreader = isAdmin || (await repo.isProofreader(db, caller.userId));
    return {
      isAdmin,
      isAuthor,
      isProofreader,
      holdsArticle: proofread?.proofreaderId === caller.userId,
      userId: caller.userId,
    };
  }

  /**
   * Resolves `/{authorId}/{collectionId}/document/{docId}[/{pageId}]`: an answer whose author, encoded id
   * and page all match. Anything else, and anything the caller may not see, is the spec's 404.
   */
  async function load(caller: Caller, params: ProofreadDocParams, pageId?: number): Promise<ArticleContext> {
    const collection = await content
      .findWithViewer(caller.userId, params.collectionId)
      .then((found) => found.collection)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.status === ErrorStatus.NotFound) throw articleNotFound();
        throw error;
      });
    if (
      collection.authorId !== params.authorId ||
      collection.encodedId !== params.docId ||
      collection.workType !== WorkType.Answer
    ) {
      throw articleNotFound();
    }
    const page = (await content.draftPagesOf(db, collection.id)).find(
      (candidate) =>
        candidate.status !== ItemStatus.Deleted && (pageId === undefined || candidate.id === pageId),
    );
    if (!page) throw articleNotFound();
    const proofread = await repo.findProofread(db, collection.id);
    const passes = await repo.findPasses(db, collection.id);
    const roles = await rolesOf(caller, collection, proofread);
    const state = (proofread?.state ?? ProofreadingState.Edit) as ProofreadingState;
    if (!canSeeArticle(roles, state, passes)) throw articleNotFound();
    return { collection, page, proofread, passes, roles };
  }

  async function suggestionsOf(passes: ProofreadPassRow[], currentText: Map<string, string>) {
    const rows = await repo.findSuggestions(
      db,
      passes.map((pass) => pass.id),
    );
    const passNoById = new Map(passes.map((pass) => [pass.id, pass.passNo]));
    return rows.map(
      (row): SuggestionWithName => ({
        ...row,
        passNo: passNoById.get(row.suggestion.passId) ?? 0,
        text: currentText.get(row.suggestion.compId) ?? '',
      }),
    );
  }

  async function presentArticle(ctx: ArticleContext): Promise<ProofreadArticle> {
    const { collection, page, proofread, passes, roles } = ctx;
    const state = (proofread?.state ?? ProofreadingState.Edit) as ProofreadingState;
    const blocks = markdownBlocks(page.components as unknown[]);
    const suggestions = await suggestionsOf(passes, blocks);
    const allowed = Object.entries(PROOFREADING_MOVES)
      .filter(([action]) => moveRefusal(roles, state, action as ProofreadingAction) === null)
      .map(([action]) => action as ProofreadingAction);
    return {
      author_id: collection.authorId,
      collection_id: collection.id,
      doc_id: collection.encodedId,
      page_id: page.id,
      title: collection.title,
      author_name: await nameOf(collection.authorId),
      state,
      proofreader_name: proofread?.proofreaderId ? await nameOf(proofread.proofreaderId) : null,
      is_author: roles.isAuthor,
      is_proofreader: roles.isProofreader,
      is_admin: roles.isAdmin,
      allowed_actions: allowed,
      etag: roles.isAuthor ? page.etag : null,
      components: (page.components as Widget[]).map(presentWidget),
      passes: await Promise.all(
        passes.map(async (pass) =>
          presentPass(
            pass,
            await nameOf(pass.proofreaderId),
            suggestions.filter((entry) => entry.suggestion.passId === pass.id),
            canSeeSuggestions(roles, pass),
          ),
        ),
      ),
      events: (await repo.findEvents(db, collection.id)).map(presentEvent),
    };
  }

  /** Checks the caller may make this move now (403 for the wrong person, 409 for the wrong state). */
  function assertMove(roles: ProofreadingRoles, state: ProofreadingState, action: ProofreadingAction) {
    const refusal = moveRefusal(roles, state, action);
    if (refusal === 'forbidden') {
      const move = PROOFREADING_MOVES[action];
      if (move.by === 'author') throw forbidden(ProofreadingMessages.NotAuthor);
      if (move.by === 'admin') throw forbidden(ProofreadingMessages.NotAdmin);
      throw forbidden(
        roles.isProofreader && !roles.isAuthor
          ? ProofreadingMessages.NotYourArticle
          : ProofreadingMessages.NotProofreader,
      );
    }
    if (refusal === 'state') {
      throw new AppError(ErrorStatus.AlreadyExists, ProofreadingMessages.IllegalMove(action, state));
    }
  }

  /** Locks the article (collection first, the content model's order, then its proofreading row). */
  async function lockArticle(tx: DbExecutor, ctx: ArticleContext, caller: Caller) {
    const collection = await content.lockDraft(tx, ctx.collection.id);
    const proofread = await repo.lockProofread(tx, ctx.collection.id, ctx.page.id, clock.now());
    const roles = { ...ctx.roles, holdsArticle: proofread.proofreaderId === caller.userId };
    return { collection, proofread, roles, state: proofread.state as ProofreadingState };
  }

  async function openPass(tx: DbExecutor, ctx: ArticleContext, proofreaderId: number) {
    const page = await content.draftPage(ctx.collection.id, ctx.page.id, tx);
    await repo.insertPass(tx, {
      collectionId: ctx.collection.id,
      proofreaderId,
      baseComponents: page.components as unknown[],
      baseEtag: page.etag,
      openedAt: clock.now(),
    });
  }

  async function record(
    tx: DbExecutor,
    collectionId: number,
    action: ProofreadingAction,
    from: ProofreadingState,
    actorId: number,
  ) {
    const to = PROOFREADING_MOVES[action].to;
    const now = clock.now();
    await repo.insertEvent(tx, {
      collectionId,
      action,
      fromState: from,
      toState: to,
      actorId,
      createdAt: now,
    });
    return now;
  }

  /**
   * Tells the people a move concerns, in the move's transaction (so a notice exists exactly when the move
   * does) and by mail through the notifications module. The one who moved is never told of their own move.
   */
  async function tell(
    tx: DbExecutor,
    ctx: ArticleContext,
    actorId: number,
    type: NotificationType,
    notice: { title: string; body: string },
    recipients: Iterable<number>,
  ) {
    if (!notify) return;
    const { collection } = ctx;
    const link = `/proofread/${collection.authorId}/${collection.id}/document/${collection.encodedId}`;
    const userIds = [...new Set(recipients)].filter((userId) => userId !== actorId);
    await notify(
      tx,
      userIds.map((userId) => ({
        userId,
        type,
        ...notice,
        link,
        category: NotificationCategory.CommentsAndMentions,
      })),
    );
  }

  /** The people on the author's side who hear that suggestions wait: the author and who submitted it. */
  function authorSide(ctx: ArticleContext, proofread: ProofreadRow): number[] {
    return [ctx.collection.authorId, ...(proofread.submittedBy === null ? [] : [proofread.submittedBy])];
  }

  function requireAdmin(caller: Caller): void {
    if (caller.adminRole !== PlatformAdminRole.SuperAdmin) throw forbidden(ProofreadingMessages.NotAdmin);
  }

  /**
   * Who hears of a move: proofreaders of a submission (8031); the author side when an admin sends finished
   * passes on (8032; a finished pass is not theirs to see before that); the proofreaders of this round
   * when the article is approved (8034). Incorporating tells its passes' proofreaders (8033, in incorporate).
   */
  async function noticeOfMove(
    tx: DbExecutor,
    ctx: ArticleContext,
    actorId: number,
    action: ProofreadingAction,
    proofread: ProofreadRow,
    now: Date,
  ) {
    const title = ctx.collection.title;
    switch (action) {
      case ProofreadingAction.Submit: {
        const proofreaderIds = await repo.findProofreaderIds(tx);
        const onAuthorSide = new Set([ctx.collection.authorId, actorId]);
        const recipients = proofreaderIds.filter((userId) => !onAuthorSide.has(userId));
        await tell(
          tx,
          ctx,
          actorId,
          NotificationType.ProofreadSubmitted,
          ProofreadingNotices.Submitted(title),
          recipients,
        );
        break;
      }
      case ProofreadingAction.SendToAuthor:
        await tell(
          tx,
          ctx,
          actorId,
          NotificationType.ProofreadPassReady,
          ProofreadingNotices.PassReady(title),
          authorSide(ctx, proofread),
        );
        break;
      case ProofreadingAction.Approve: {
        const since = proofread.submittedAt ?? now;
        const round = (await repo.findPasses(tx, ctx.collection.id)).filter((pass) => pass.openedAt >= since);
        await tell(
          tx,
          ctx,
          actorId,
          NotificationType.ProofreadApproved,
          ProofreadingNotices.Approved(title),
          round.flatMap((pass) => (pass.proofreaderId === null ? [] : [pass.proofreaderId])),
        );
        break;
      }
    }
  }

  /** The text of each block a pass ends with: its base with its suggestions placed and applied. */
  async function passResult(pass: ProofreadPassRow): Promise<Map<string, string>> {
    const base = markdownBlocks(pass.baseComponents);
    const rows = await repo.findSuggestions(db, [pass.id]);
    const editsByBlock = new Map<string, TextEdit[]>();
    for (const { suggestion } of rows) {
      const text = base.get(suggestion.compId);
      if (text === undefined) continue;
      const placed = placeSuggestion(text, suggestion);
      const edits = editsByBlock.get(suggestion.compId) ?? [];
      if (placed && !edits.some((edit) => editsOverlap(edit, placed))) edits.push(placed);
      editsByBlock.set(suggestion.compId, edits);
    }
    const result = new Map(base);
    for (const [compId, edits] of editsByBlock)
      result.set(compId, applyTextEdits(base.get(compId) ?? '', edits));
    return result;
  }

  return {
    /** `GET /api/admin/proofreaders`: who proofreads (platform super admins only). */
    async listProofreaders(caller: Caller): Promise<ProofreadersResponse> {
      requireAdmin(caller);
      const rows = await repo.listProofreaders(db);
      return { proofreaders: rows.map(presentProofreader) };
    },

    /** `POST /api/admin/proofreaders`: makes the account with this e-mail a proofreader. */
    async addProofreaderByEmail(caller: Caller, { email }: AddProofreaderRequest): Promise<Proofreader> {
      requireAdmin(caller);
      const user = await users.findByEmail(email);
      if (!user) throw notFound(ProofreadingMessages.NoSuchAccount);
      if (await repo.isProofreader(db, user.id)) {
        throw new AppError(ErrorStatus.AlreadyExists, ProofreadingMessages.AlreadyProofreader);
      }
      await repo.addProofreader(db, user.id);
      const added = (await repo.listProofreaders(db)).find((row) => row.userId === user.id);
      if (!added) throw notFound(ProofreadingMessages.NotAProofreader);
      return presentProofreader(added);
    },

    /**
     * `DELETE /api/admin/proofreaders/{userId}`. Not while they hold an open pass: nobody else may finish
     * it, so the article would be stuck in 103.
     */
    async removeProofreader(caller: Caller, userId: number): Promise<ProofreadersResponse> {
      requireAdmin(caller);
      await db.transaction(async (tx) => {
        if (await repo.holdsOpenArticle(tx, userId, ProofreadingState.InProofread)) {
          throw new AppError(ErrorStatus.AlreadyExists, ProofreadingMessages.HoldsArticle);
        }
        if (!(await repo.removeProofreader(tx, userId))) throw notFound(ProofreadingMessages.NotAProofreader);
      });
      return { proofreaders: (await repo.listProofreaders(db)).map(presentProofreader) };
    },

    async queue(caller: Caller): Promise<ProofreadQueue> {
      const isAdmin = caller.adminRole === PlatformAdminRole.SuperAdmin;
      const isProofreader = isAdmin || (await repo.isProofreader(db, caller.userId));
      const rows = await repo.findQueue(db, {
        authorId: caller.userId,
        proofreaderId: isProofreader ? caller.userId : null,
        claimable: isProofreader,
        everyInProofreading: isAdmin,
      });
      return {
        items: rows.map((row) =>
          presentQueueItem(
            row,
            row.authorId === caller.userId ? 'author' : isAdmin ? 'admin' : 'proofreader',
          ),
        ),
        is_proofreader: isProofreader,
      };
    },

    async read(caller: Caller, params: ProofreadDocParams, pageId?: number): Promise<ProofreadArticle> {
      return presentArticle(await load(caller, params, pageId));
    },

    /** `POST …/transition`: one move of the state machine, checked and made under the article's lock. */
    async transition(
      caller: Caller,
      params: ProofreadDocParams,
      pageId: number | undefined,
      { action }: ProofreadTransitionRequest,
    ): Promise<ProofreadArticle> {
      const ctx = await load(caller, params, pageId);
      await db.transaction(async (tx) => {
        const { collection, proofread, roles, state } = await lockArticle(tx, ctx, caller);
        assertMove(roles, state, action);
        const collectionId = ctx.collection.id;
        const now = await record(tx, collectionId, action, state, caller.userId);
        const to = PROOFREADING_MOVES[action].to;
        switch (action) {
          case ProofreadingAction.Submit: {
            const page = await content.draftPage(collectionId, ctx.page.id, tx);
            if (markdownBlocks(page.components as unknown[]).size === 0) {
              throw invalidInput({ action: ProofreadingMessages.EmptyArticle });
            }
            await repo.updateProofread(tx, collectionId, {
              state: to,
              submittedBy: caller.userId,
              submittedAt: now,
              proofreaderId: null,
              updatedAt: now,
            });
            break;
          }
          case ProofreadingAction.Claim:
            await repo.updateProofread(tx, collectionId, {
              state: to,
              proofreaderId: caller.userId,
              updatedAt: now,
            });
            await openPass(tx, ctx, caller.userId);
            break;
          case ProofreadingAction.FinishPass:
            await repo.finishOpenPass(tx, collectionId, now);
            await repo.updateProofread(tx, collectionId, { state: to, updatedAt: now });
            break;
          case ProofreadingAction.ReturnToProofreader:
            await repo.updateProofread(tx, collectionId, { state: to, updatedAt: now });
            await openPass(tx, ctx, proofread.proofreaderId ?? caller.userId);
            break;
          case ProofreadingAction.SendToAuthor:
            await repo.releaseFinishedPasses(tx, collectionId, now);
            await repo.updateProofread(tx, collectionId, { state: to, updatedAt: now });
            break;
          case ProofreadingAction.Approve: {
            // The admin's approval ends the round and publishes the draft the author incorporated into.
            await content.publishDraft(tx, collectionId);
            if (!LISTED_STATES.includes(collection.reviewState)) {
              await content.setReviewState(tx, collectionId, CourseReviewState.Approved);
            }
            await repo.updateProofread(tx, collectionId, {
              state: to,
              proofreaderId: null,
              approvedAt: now,
              updatedAt: now,
            });
            break;
          }
          default:
            await repo.updateProofread(tx, collectionId, { state: to, updatedAt: now });
        }
        await noticeOfMove(tx, ctx, caller.userId, action, proofread, now);
      });
      return presentArticle(await load(caller, params, pageId));
    },

    /** A proofreader's suggestion on the open pass, anchored to a Markdown block of the current draft. */
    async suggest(
      caller: Caller,
      params: ProofreadDocParams & { passNo: number },
      pageId: number | undefined,
      input: CreateSuggestion,
    ): Promise<ProofreadSuggestion> {
      const ctx = await load(caller, params, pageId);
      const created = await db.transaction(async (tx) => {
        const { roles, state } = await lockArticle(tx, ctx, caller);
        if (!roles.isProofreader || roles.isAuthor) throw forbidden(ProofreadingMessages.NotProofreader);
        if (!roles.holdsArticle) throw forbidden(ProofreadingMessages.NotYourArticle);
        const open = await repo.findOpenPass(tx, ctx.collection.id);
        if (!open || open.passNo !== params.passNo || state !== ProofreadingState.InProofread) {
          if (!(await repo.findPass(tx, ctx.collection.id, params.passNo))) {
            throw notFound(ProofreadingMessages.PassNotFound);
          }
          throw new AppError(ErrorStatus.AlreadyExists, ProofreadingMessages.PassClosed);
        }
        const page = await content.draftPage(ctx.collection.id, ctx.page.id, tx);
        const text = markdownBlocks(page.components as unknown[]).get(input.comp_id);
        if (text === undefined) throw invalidInput({ comp_id: ProofreadingMessages.OnlyProse });
        if (input.replacement === input.original) {
          throw invalidInput({ replacement: ProofreadingMessages.Unchanged });
        }
        const offset = locateText(text, input.original, input.offset);
        if (offset === 'ambiguous') throw invalidInput({ original: ProofreadingMessages.TextAmbiguous });
        if (offset === null) throw invalidInput({ original: ProofreadingMessages.TextNotFound });
        const edit = { offset, original: input.original, replacement: input.replacement };
        const existing = (await repo.findSuggestions(tx, [open.id])).map((row) => row.suggestion);
        if (existing.length >= PROOFREAD_SUGGESTIONS_PER_PASS_MAX) {
          throw invalidInput({ original: ProofreadingMessages.TooMany });
        }
        const clash = existing.some((other) => {
          if (other.compId !== input.comp_id) return false;
          const placed = placeSuggestion(text, other);
          return placed !== null && editsOverlap(placed, edit);
        });
        if (clash) throw new AppError(ErrorStatus.AlreadyExists, ProofreadingMessages.Overlap);
        const row = await repo.insertSuggestion(tx, {
          passId: open.id,
          compId: input.comp_id,
          ...edit,
          note: input.note ?? '',
          createdAt: clock.now(),
        });
        await repo.updateProofread(tx, ctx.collection.id, { updatedAt: clock.now() });
        return { row, text, passNo: open.passNo };
      });
      return presentSuggestion({
        suggestion: created.row,
        decidedByName: null,
        passNo: created.passNo,
        text: created.text,
      });
    },

    async removeSuggestion(
      caller: Caller,
      params: ProofreadDocParams & { passNo: number; suggestionId: number },
      pageId: number | undefined,
    ): Promise<{ ok: true }> {
      const ctx = await load(caller, params, pageId);
      await db.transaction(async (tx) => {
        const { roles, state } = await lockArticle(tx, ctx, caller);
        if (!roles.isProofreader || roles.isAuthor) throw forbidden(ProofreadingMessages.NotProofreader);
        if (!roles.holdsArticle) throw forbidden(ProofreadingMessages.NotYourArticle);
        const pass = await repo.findPass(tx, ctx.collection.id, params.passNo);
        if (!pass) throw notFound(ProofreadingMessages.PassNotFound);
        if (pass.finishedAt !== null || state !== ProofreadingState.InProofread) {
          throw new AppError(ErrorStatus.AlreadyExists, ProofreadingMessages.PassClosed);
        }
        if (!(await repo.deleteSuggestion(tx, pass.id, params.suggestionId))) {
          throw notFound(ProofreadingMessages.SuggestionNotFound);
        }
      });
      return { ok: true };
    },

    /**
     * `GET …/pass[/{basePass}]/{selectedPass}/preview`: what the selected pass changes, word by word,
     * against the article as that pass found it, or against the result of an earlier pass.
     */
    async passPreview(
      caller: Caller,
      params: ProofreadDocParams & { passNo: number },
      pageId: number | undefined,
      basePassNo: number | undefined,
    ): Promise<ProofreadPassPreview> {
      const ctx = await load(caller, params, pageId);
      const byNo = (no: number) => {
        const pass = ctx.passes.find((entry) => entry.passNo === no);
        if (!pass || !canSeeSuggestions(ctx.roles, pass)) throw notFound(ProofreadingMessages.PassNotFound);
        return pass;
      };
      const selected = byNo(params.passNo);
      const base = basePassNo === undefined ? null : byNo(basePassNo);
      const before = base ? await passResult(base) : markdownBlocks(selected.baseComponents);
      const after = await passResult(selected);
      const compIds = [...new Set([...before.keys(), ...after.keys()])];
      const current = markdownBlocks(ctx.page.components as unknown[]);
      return {
        selected_pass: selected.passNo,
        base_pass: base?.passNo ?? null,
        title: ctx.collection.title,
        blocks: compIds.map((compId) => {
          const old = before.get(compId) ?? '';
          const next = after.get(compId) ?? '';
          return { comp_id: compId, changed: old !== next, diff: diffWords(old, next) };
        }),
        suggestions: (await suggestionsOf([selected], current)).map(presentSuggestion),
      };
    },

    /**
     * `POST …/incorporate` (105 → 106): the author accepts or rejects every suggestion sent to them. The
     * accepted ones are applied to the draft page in the same transaction as the decisions and the move,
     * as a compare-and-set on the page's eTag, so an edit made since the author loaded it is never lost.
     */
    async incorporate(
      caller: Caller,
      params: ProofreadDocParams,
      pageId: number | undefined,
      etag: string,
      input: Incorporate,
    ): Promise<ProofreadArticle> {
      const ctx = await load(caller, params, pageId);
      await db.transaction(async (tx) => {
        const { roles, state } = await lockArticle(tx, ctx, caller);
        assertMove(roles, state, ProofreadingAction.Incorporate);
        const passes = (await repo.findPasses(tx, ctx.collection.id)).filter(
          (pass) => pass.releasedAt !== null && pass.incorporatedAt === null,
        );
        const pending = (
          await repo.findSuggestions(
            tx,
            passes.map((pass) => pass.id),
          )
        )
          .map((row) => row.suggestion)
          .filter((suggestion) => suggestion.decision === null);
        const decisions = new Map<number, 'accepted' | 'rejected'>();
        for (const entry of input.decisions) {
          if (!pending.some((suggestion) => suggestion.id === entry.suggestion_id)) {
            throw invalidInput({ decisions: ProofreadingMessages.UnknownSuggestion });
          }
          decisions.set(entry.suggestion_id, entry.decision);
        }
        if (pending.some((suggestion) => !decisions.has(suggestion.id))) {
          throw invalidInput({ decisions: ProofreadingMessages.DecisionsIncomplete });
        }
        const page = await content.draftPage(ctx.collection.id, ctx.page.id, tx);
        if (!isCurrentEtag(page.etag, etag)) throw editConflict();
        const accepted = pending.filter((suggestion) => decisions.get(suggestion.id) === 'accepted');
        if (accepted.length > 0) {
          const blocks = markdownBlocks(page.components as unknown[]);
          const editsByBlock = new Map<string, TextEdit[]>();
          for (const suggestion of accepted) {
            const text = blocks.get(suggestion.compId);
            const placed = text === undefined ? null : placeSuggestion(text, suggestion);
            if (!placed) throw new AppError(ErrorStatus.AlreadyExists, ProofreadingMessages.AnchorLost);
            const edits = editsByBlock.get(suggestion.compId) ?? [];
            if (edits.some((edit) => editsOverlap(edit, placed))) {
              throw new AppError(ErrorStatus.AlreadyExists, ProofreadingMessages.AcceptedOverlap);
            }
            edits.push(placed);
            editsByBlock.set(suggestion.compId, edits);
          }
          const texts = new Map<string, string>();
          for (const [compId, edits] of editsByBlock) {
            texts.set(compId, applyTextEdits(blocks.get(compId) ?? '', edits));
          }
          const components = withBlockTexts(page.components as unknown[], texts).map(prepareWidget);
          const saved = await content.saveDraftPage(tx, ctx.collection.id, ctx.page.id, etag, { components });
          await snapshots?.recordSnapshot(tx, saved, caller.userId);
        }
        const now = await record(tx, ctx.collection.id, ProofreadingAction.Incorporate, state, caller.userId);
        for (const [suggestionId, decision] of decisions) {
          await repo.decideSuggestion(tx, suggestionId, decision, caller.userId, now);
        }
        await repo.markPassesIncorporated(
          tx,
          passes.map((pass) => pass.id),
          now,
        );
        await repo.updateProofread(tx, ctx.collection.id, {
          state: PROOFREADING_MOVES.incorporate.to,
          updatedAt: now,
        });
        await tell(
          tx,
          ctx,
          caller.userId,
          NotificationType.ProofreadIncorporated,
          ProofreadingNotices.Incorporated(ctx.collection.title),
          passes.flatMap((pass) => (pass.proofreaderId === null ? [] : [pass.proofreaderId])),
        );
      });
      return presentArticle(await load(caller, params, pageId));
    },

    /** `GET …/reviewIncorporations`: the passes the author decided, with every decision. */
    async incorporations(
      caller: Caller,
      params: ProofreadDocParams,
      pageId: number | undefined,
    ): Promise<ProofreadIncorporations> {
      const ctx = await load(caller, params, pageId);
      const done = ctx.passes.filter((pass) => pass.incorporatedAt !== null);
      const current = markdownBlocks(ctx.page.components as unknown[]);
      const suggestions = await suggestionsOf(done, current);
      const passes = await Promise.all(
        done.map(async (pass) =>
          presentPass(
            pass,
            await nameOf(pass.proofreaderId),
            suggestions.filter((entry) => entry.suggestion.passId === pass.id),
            true,
          ),
        ),
      );
      return {
        title: ctx.collection.title,
        passes,
        accepted: suggestions.filter((entry) => entry.suggestion.decision === 'accepted').length,
        rejected: suggestions.filter((entry) => entry.suggestion.decision === 'rejected').length,
      };
    },

    /** The seed's way in: lets a user proofread (the admin's call is addProofreaderByEmail). */
    addProofreader(userId: number): Promise<void> {
      return repo.addProofreader(db, userId);
    },
  };
}

export type ProofreadingService = ReturnType<typeof createProofreadingService>;
