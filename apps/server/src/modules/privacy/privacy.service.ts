import type { CreateDataRequest, DataRequestView, ProcessDataRequest } from '@coderoom/contracts';
import {
  DATA_EXPORT_TTL_DAYS,
  DataRequestOutcome,
  DataRequestType,
  ONE_DAY_MS,
  PRODUCT_NAME,
} from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { AccountSettingsService } from '../accounts/settings.service.js';
import { PrivacyErrors } from './privacy.errors.js';
import { presentDataRequest } from './privacy.presenter.js';
import * as repo from './privacy.repository.js';

// Data requests (spec 001 §4: download 4000, deletion 4001; a deletion's outcome delete 8000 or retain
// 8001). Policy in docs/account.md. Every request belongs to one user, and only that user sees or
// processes it: there is no admin path.

export interface PrivacyDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  settings: Pick<
    AccountSettingsService,
    'reauthenticate' | 'exportProfile' | 'contactOf' | 'deleteAccount' | 'anonymiseAccount'
  >;
  /** Removes the user's profile pictures (absent when no storage is configured). */
  media?: { removeProfilePictures(userId: number): Promise<void> };
}

export const PrivacyRateRules = {
  downloadsPerUser: { limit: 5, windowSeconds: 24 * 60 * 60 },
} as const;

/** Data that names the account without a foreign key (it outlives the account on purpose). */
const SOFT_REFERENCES = [
  { table: 'document_comments', column: 'user_id' },
  { table: 'document_comment_replies', column: 'user_id' },
  { table: 'assets', column: 'uploaded_by' },
] as const;

/** Tables whose rows are security material, never exported. */
const NOT_EXPORTED = new Set(['password_reset_tokens', 'email_change_tokens']);
/** Columns left out of exported rows: a session's id is the hash of its cookie. */
const SECRET_COLUMNS: Record<string, readonly string[]> = { sessions: ['id'] };

function without(row: Record<string, unknown>, columns: readonly string[] | undefined) {
  if (!columns) return row;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !columns.includes(key)));
}

export function createPrivacyService(deps: PrivacyDeps) {
  const { db, clock, settings } = deps;

  async function ownRequest(userId: number, id: number, executor: DbExecutor = db) {
    const request = await repo.findRequest(executor, id);
    if (!request || request.userId !== userId) throw PrivacyErrors.notFound();
    return request;
  }

  /** Everything the account owns, as one JSON document. */
  async function buildExport(userId: number, requestId: number) {
    const records: Record<string, unknown[]> = {};
    const references = [...(await repo.findUserReferences(db)), ...SOFT_REFERENCES];
    for (const { table, column } of references) {
      if (NOT_EXPORTED.has(table)) continue;
      const rows = await repo.rowsReferencing(db, table, column, userId);
      if (rows.length === 0) continue;
      const key = column === 'user_id' ? table : `${table}.${column}`;
      records[key] = rows.map((row) => without(row, SECRET_COLUMNS[table]));
    }
    const pages = await repo.authoredPages(db, userId);
    if (pages.length > 0) records['pages (of your collections)'] = pages;
    const now = clock.now();
    return {
      format: 'coderoom-data-export',
      version: 1,
      product: PRODUCT_NAME,
      generated_at: now.toISOString(),
      request_id: requestId,
      account: await settings.exportProfile(userId),
      records,
      data_requests: (await repo.listRequests(db, userId)).map((row) => presentDataRequest(row, now)),
    };
  }

  async function processDownload(request: repo.DataRequestSummary) {
    const document = await buildExport(request.userId, request.id);
    const now = clock.now();
    const done = await repo.completeRequest(db, request.id, {
      processedAt: now,
      export: document,
      exportBytes: Buffer.byteLength(JSON.stringify(document)),
      expiresAt: new Date(now.getTime() + DATA_EXPORT_TTL_DAYS * ONE_DAY_MS),
    });
    if (!done) throw PrivacyErrors.alreadyProcessed();
    return done;
  }

  /**
   * Deletes the account row when nothing else must keep it; an account whose row is still needed
   * (it wrote courses: their addresses carry its id) is kept, anonymised, with its personal data
   * deleted exactly as the row's deletion would have cascaded.
   */
  async function processDeletion(request: repo.DataRequestSummary, input: ProcessDataRequest) {
    const userId = request.userId;
    await settings.reauthenticate(userId, input.password, input.totp);
    const contact = await settings.contactOf(userId);
    await deps.media?.removeProfilePictures(userId);
    const done = await db.transaction(async (tx) => {
      const references = await repo.findUserReferences(tx);
      let mustRetain = false;
      for (const reference of references) {
        if (reference.onDelete !== 'a' && reference.onDelete !== 'r') continue;
        if ((await repo.countReferencing(tx, reference.table, reference.column, userId)) > 0)
          mustRetain = true;
      }
      await repo.deleteRequestsExcept(tx, userId, request.id);
      if (mustRetain) {
        for (const reference of references) {
          if (reference.onDelete === 'c')
            await repo.deleteReferencing(tx, reference.table, reference.column, userId);
        }
        await settings.anonymiseAccount(tx, userId);
      } else {
        await settings.deleteAccount(tx, userId);
      }
      const completed = await repo.completeRequest(tx, request.id, {
        processedAt: clock.now(),
        outcome: mustRetain ? DataRequestOutcome.Retain : DataRequestOutcome.Delete,
      });
      if (!completed) throw PrivacyErrors.alreadyProcessed();
      return completed;
    });
    await deps.mailer.send({
      to: contact.email,
      subject: `Your ${PRODUCT_NAME} account was deleted`,
      text: `Hi ${contact.fullName},\n\nAs you asked, your ${PRODUCT_NAME} account and your personal data have been deleted. Courses you wrote stay online without your name.\n\nThis is the last e-mail you will get from us.\n`,
    });
    return done;
  }

  return {
    async list(userId: number): Promise<DataRequestView[]> {
      const now = clock.now();
      return (await repo.listRequests(db, userId)).map((row) => presentDataRequest(row, now));
    },

    /** One pending request of each kind at a time: asking again answers the pending one. */
    async create(userId: number, input: CreateDataRequest) {
      const pending = await repo.findPendingRequest(db, userId, input.request_type);
      if (pending) return { request: presentDataRequest(pending, clock.now()), created: false };
      if (input.request_type === DataRequestType.Download) {
        await deps.rateLimiter.consume(`data-export:user:${userId}`, PrivacyRateRules.downloadsPerUser);
      }
      const row = await repo.insertRequest(db, {
        userId,
        requestType: input.request_type,
        createdAt: clock.now(),
      });
      return { request: presentDataRequest(row, clock.now()), created: true };
    },

    /** POST /api/access-right/data/request/process */
    async process(userId: number, input: ProcessDataRequest): Promise<DataRequestView> {
      const request = await ownRequest(userId, input.request_id);
      if (request.state !== 'pending') throw PrivacyErrors.alreadyProcessed();
      const done =
        request.requestType === DataRequestType.Download
          ? await processDownload(request)
          : await processDeletion(request, input);
      return presentDataRequest(done, clock.now());
    },

    /** The export file of a processed download, while it lasts. */
    async exportFile(userId: number, id: number): Promise<{ body: string; fileName: string }> {
      const request = await ownRequest(userId, id);
      if (request.requestType !== DataRequestType.Download || request.state !== 'completed') {
        throw PrivacyErrors.notADownload();
      }
      if (!request.expiresAt || request.expiresAt <= clock.now()) throw PrivacyErrors.exportExpired();
      const document = await repo.findExport(db, id);
      const day = (request.processedAt ?? request.createdAt).toISOString().slice(0, 10);
      return {
        body: JSON.stringify(document, null, 2),
        fileName: `coderoom-data-${userId}-${day}.json`,
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
