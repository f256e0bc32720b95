import type {
  ConfluenceConnectionRequest,
  ConfluenceFetchRequest,
  ConfluenceFetchResponse,
  ConfluenceImportItem,
  ConfluenceImportRequest,
  ConfluenceSettingsResponse,
} from '@coderoom/contracts';
import {
  CategoryType,
  CONFLUENCE_MAX_PAGES,
  CONFLUENCE_MAX_SPACES,
  ConfluenceErrors,
  ConfluenceImportState,
  DefaultTitle,
  ErrorStatus,
  OrganizationErrors,
  WorkType,
} from '@coderoom/domain';
import type { StoredTocCategory } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, forbidden, invalidInput, notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import { type ContentService, prepareWidget } from '../content/content.service.js';
import {
  ConfluenceFailure,
  type ConfluenceFailureKind,
  type ConfluencePage,
  type ConfluenceSite,
  createConfluenceClient,
  normaliseSiteUrl,
} from './confluence.client.js';
import { storageToMarkdown } from './confluence.convert.js';
import * as repo from './confluence.repository.js';
import type { OrganizationAccess } from './organizationAccess.service.js';
import { canManageUsers } from './organizations.policy.js';

// Confluence import (001 §7 "Confluence import/fetch/poll"; docs/organizations.md): an admin connects the
// organization's Confluence Cloud site (the API token stays on the server), fetches its spaces and a
// space's pages, and imports a space into a private course: the worker reads the pages, turns each into a
// lesson of Markdown and publishes the course, owned by the admin who imported it. The client polls.

/** Job kind: one import of one space. */
export const CONFLUENCE_IMPORT_JOB = 'organizations.confluence_import';

/** An import still running after this long lost its worker; it no longer holds the lock. */
const STALE_IMPORT_MS = 30 * 60_000;
const RECENT_IMPORTS = 10;
/** A lesson's Markdown widget holds up to 100 000 characters; longer pages become several widgets. */
const WIDGET_TEXT_MAX = 90_000;

const FAILURE_TEXT: Record<ConfluenceFailureKind, string> = {
  unauthorized: ConfluenceErrors.Unauthorized,
  not_found: ConfluenceErrors.SpaceNotFound,
  unreachable: ConfluenceErrors.Unreachable,
};

/** A refusal from Confluence as the answer the admin sees. */
function asAppError(failure: ConfluenceFailure): AppError {
  switch (failure.kind) {
    case 'unauthorized':
      return new AppError(ErrorStatus.OperationNotAllowed, ConfluenceErrors.Unauthorized);
    case 'not_found':
      return new AppError(ErrorStatus.NotFound, ConfluenceErrors.SpaceNotFound);
    default:
      return new AppError(ErrorStatus.ExternalServiceFailed, ConfluenceErrors.Unreachable);
  }
}

async function talking<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ConfluenceFailure) throw asAppError(error);
    throw error;
  }
}

function presentImport(row: repo.ConfluenceImportRow, authorId: number): ConfluenceImportItem {
  return {
    id: row.id,
    state: row.state,
    space_key: row.spaceKey,
    space_name: row.spaceName,
    collection_id: row.collectionId,
    author_id: authorId,
    page_count: row.pageCount,
    error: row.error,
    created: row.createdAt.toISOString(),
    finished: row.finishedAt?.toISOString() ?? null,
  };
}

/** Cuts Markdown between blocks into pieces a widget can hold. */
function pieces(markdown: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const block of markdown.split('\n\n')) {
    const next = current ? `${current}\n\n${block}` : block;
    if (next.length <= WIDGET_TEXT_MAX) {
      current = next;
      continue;
    }
    if (current) out.push(current);
    current = block.slice(0, WIDGET_TEXT_MAX);
  }
  if (current) out.push(current);
  return out.length > 0 ? out : [''];
}

/** A Confluence page as a lesson's widgets: its Markdown, rendered and checked like any lesson's. */
function lessonWidgets(page: ConfluencePage) {
  return pieces(storageToMarkdown(page.storage ?? '')).map((text, index) =>
    prepareWidget({
      type: 'MarkdownEditor',
      comp_id: `confluence-${page.id}-${index}`.slice(0, 64),
      content: { text },
    }),
  );
}

export interface ConfluenceDeps {
  db: Db;
  clock: Clock;
  access: OrganizationAccess;
  content: ContentService;
  jobs: JobQueue;
  log: { warn(details: object, message: string): void };
}

export function createConfluenceService(deps: ConfluenceDeps) {
  const { db, clock, access, content, jobs, log } = deps;

  /** Every Confluence call is an admin's (those who may manage users), in their own organization. */
  async function requireAdmin(userId: number, organizationId: number) {
    const membership = (await access.membershipsOf(userId)).find(
      (entry) => entry.organization.id === organizationId,
    );
    if (!membership) throw notFound(OrganizationErrors.NotAMember);
    if (!canManageUsers({ member: membership.member, managedMemberIds: new Set() })) {
      throw forbidden(OrganizationErrors.NotAllowed);
    }
    return membership;
  }

  async function siteOf(organizationId: number): Promise<ConfluenceSite> {
    const connection = await repo.findConnection(db, organizationId);
    if (!connection) throw notFound(ConfluenceErrors.NotConnected);
    return { baseUrl: connection.baseUrl, email: connection.accountEmail, apiToken: connection.apiToken };
  }

  async function runImport(payload: unknown): Promise<void> {
    const { importId } = payload as { importId: number };
    const row = await repo.findImportById(db, importId);
    if (!row || row.state !== ConfluenceImportState.Running) return;
    const fail = (error: string) =>
      repo.finishImport(db, importId, {
        state: ConfluenceImportState.Failed,
        error,
        finishedAt: clock.now(),
      });
    try {
      const connection = await repo.findConnection(db, row.organizationId);
      if (!connection) return await fail(ConfluenceErrors.NotConnected);
      const client = createConfluenceClient({
        baseUrl: connection.baseUrl,
        email: connection.accountEmail,
        apiToken: connection.apiToken,
      });
      const { pages } = await client.listPages(row.spaceKey, { withBody: true, max: CONFLUENCE_MAX_PAGES });
      if (pages.length === 0) return await fail(ConfluenceErrors.EmptySpace);
      const lessons = pages.map((page) => ({
        title: page.title.slice(0, 200) || 'Untitled',
        widgets: lessonWidgets(page),
      }));
      // The draft comes first (content creates it on its own handle); a retried job reuses it.
      const collectionId =
        row.collectionId ??
        (
          await content.createDraftCollection({
            authorId: row.userId,
            workType: WorkType.Course,
            courseType: null,
            title: row.title,
            isPrivate: true,
            organizationId: row.organizationId,
            isPlan: false,
            isTemplate: false,
            isGlobal: false,
            collaborativeEditing: false,
          })
        ).id;
      if (row.collectionId === null) await repo.setImportCollection(db, importId, collectionId);
      await db.transaction(async (tx) => {
        const locked = await content.lockDraft(tx, collectionId);
        const toc: StoredTocCategory[] = [
          { title: DefaultTitle.HiddenCategory, type: CategoryType.Collection, pages: [] },
        ];
        const category: StoredTocCategory = {
          title: row.spaceName,
          type: CategoryType.Collection,
          pages: [],
        };
        for (const lesson of lessons) {
          const page = await content.insertDraftPage(tx, collectionId, {
            title: lesson.title,
            components: lesson.widgets,
          });
          category.pages.push({ page_id: page.id, is_optional: false, is_preview: false });
        }
        toc.push(category);
        await content.writeDraftCollection(tx, locked, {
          toc,
          summary: `Imported from the Confluence space ${row.spaceName} (${row.spaceKey}).`.slice(0, 300),
        });
        await content.publishDraft(tx, collectionId);
        await repo.finishImport(tx, importId, {
          state: ConfluenceImportState.Done,
          pageCount: lessons.length,
          finishedAt: clock.now(),
        });
      });
    } catch (error) {
      // One attempt only: the admin sees why and can import again.
      log.warn({ importId, err: error }, 'confluence import failed');
      const text =
        error instanceof ConfluenceFailure
          ? FAILURE_TEXT[error.kind]
          : error instanceof AppError
            ? error.errorText
            : 'The import failed. Please try again.';
      await fail(text);
    }
  }
  jobs.handle(CONFLUENCE_IMPORT_JOB, runImport);

  return {
    async settings(userId: number, organizationId: number): Promise<ConfluenceSettingsResponse> {
      await requireAdmin(userId, organizationId);
      const [connection, imports] = await Promise.all([
        repo.findConnection(db, organizationId),
        repo.listImports(db, organizationId, userId, RECENT_IMPORTS),
      ]);
      return {
        organization_id: organizationId,
        can_manage: true,
        connection: connection
          ? {
              base_url: connection.baseUrl,
              email: connection.accountEmail,
              has_api_token: connection.apiToken !== '',
              updated_at: connection.updatedAt.toISOString(),
            }
          : null,
        imports: imports.map((row) => presentImport(row, userId)),
      };
    },

    /** Saves the site and credentials after one call proves them (the space list, first entry). */
    async saveConnection(
      userId: number,
      organizationId: number,
      input: ConfluenceConnectionRequest,
    ): Promise<ConfluenceSettingsResponse> {
      await requireAdmin(userId, organizationId);
      const baseUrl = normaliseSiteUrl(input.base_url);
      if (!baseUrl) throw invalidInput({ base_url: ConfluenceErrors.BaseUrl });
      const stored = await repo.findConnection(db, organizationId);
      const apiToken = input.api_token ?? (stored?.baseUrl === baseUrl ? stored.apiToken : undefined);
      if (!apiToken) throw invalidInput({ api_token: 'Enter the API token.' });
      await talking(() => createConfluenceClient({ baseUrl, email: input.email, apiToken }).listSpaces(1));
      await db.transaction(async (tx) =>
        repo.upsertConnection(tx, {
          organizationId,
          baseUrl,
          accountEmail: input.email,
          apiToken,
          updatedBy: userId,
          updatedAt: clock.now(),
        }),
      );
      return this.settings(userId, organizationId);
    },

    async deleteConnection(userId: number, organizationId: number): Promise<ConfluenceSettingsResponse> {
      await requireAdmin(userId, organizationId);
      await db.transaction(async (tx) => repo.deleteConnection(tx, organizationId));
      return this.settings(userId, organizationId);
    },

    /** The fetch call: the site's spaces, and with `space_key` that space's page titles. */
    async fetch(
      userId: number,
      organizationId: number,
      input: ConfluenceFetchRequest,
    ): Promise<ConfluenceFetchResponse> {
      await requireAdmin(userId, organizationId);
      const client = createConfluenceClient(await siteOf(organizationId));
      const listed = await talking(() => client.listSpaces(CONFLUENCE_MAX_SPACES));
      if (!input.space_key) return { spaces: listed.spaces, pages: null, truncated: listed.truncated };
      const key = input.space_key;
      const { pages, truncated } = await talking(() =>
        client.listPages(key, { withBody: false, max: CONFLUENCE_MAX_PAGES }),
      );
      return {
        spaces: listed.spaces,
        pages: pages.map((page) => ({ id: page.id, title: page.title })),
        truncated,
      };
    },

    /** The import call: checks the space, takes the organization's lock and queues the work (202). */
    async startImport(
      userId: number,
      organizationId: number,
      input: ConfluenceImportRequest,
    ): Promise<ConfluenceImportItem> {
      await requireAdmin(userId, organizationId);
      const client = createConfluenceClient(await siteOf(organizationId));
      const key = input.space_key;
      const space = await talking(() => client.getSpace(key));
      const now = clock.now();
      await repo.failStaleImports(
        db,
        organizationId,
        new Date(now.getTime() - STALE_IMPORT_MS),
        'The import stopped. Please try again.',
      );
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertImport(tx, {
          organizationId,
          userId,
          spaceKey: space.key || key,
          spaceName: space.name.slice(0, 200),
          title: (input.title ?? space.name).slice(0, 200),
          state: ConfluenceImportState.Running,
          createdAt: now,
        });
        if (!inserted) throw new AppError(ErrorStatus.AlreadyExists, ConfluenceErrors.ImportRunning);
        await jobs.enqueue(tx, CONFLUENCE_IMPORT_JOB, { importId: inserted.id }, { maxAttempts: 1 });
        return inserted;
      });
      return presentImport(row, userId);
    },

    /** The poll call: the importer's own import. */
    async importStatus(
      userId: number,
      organizationId: number,
      importId: number,
    ): Promise<ConfluenceImportItem> {
      await requireAdmin(userId, organizationId);
      const row = await repo.findImport(db, organizationId, importId);
      if (!row || row.userId !== userId) throw notFound(ConfluenceErrors.ImportNotFound);
      return presentImport(row, row.userId);
    },
  };
}

export type ConfluenceService = ReturnType<typeof createConfluenceService>;
