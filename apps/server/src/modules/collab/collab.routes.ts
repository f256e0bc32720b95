import { Redis } from '@hocuspocus/extension-redis';
import { type Connection, Hocuspocus, OutgoingMessage } from '@hocuspocus/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as Y from 'yjs';
import { requireUser } from '../../platform/auth/guard.js';
import type { CollabRedisConfig } from '../../platform/config.js';
import { AppError, forbidden } from '../../platform/http/errors.js';
import type { Topic } from '../../platform/realtime/topic.js';
import type { DraftPageWrite } from '../authoring/authoring.service.js';
import type { DraftRightsChange } from '../content/content.policy.js';
import { parseDocumentName } from './collab.document.js';
import { CollabErrors } from './collab.errors.js';
import { redisOptionsOf } from './collab.relay.js';
import type { CollabService } from './collab.service.js';

/** The WebSocket endpoint of the collaboration server, on the API's own port. */
export const COLLAB_PATH = '/api/collab';

interface ConnectionContext {
  userId: number;
}

/** What open documents follow while they are open: rights changes, and page saves made outside them. */
export interface CollabEvents {
  rightsChanged?: Topic<DraftRightsChange>;
  pageWritten?: Topic<DraftPageWrite>;
  /** Who reaches a work item changed (modules/work): every open work document checks its editors again. */
  workRightsChanged?: Topic<{ itemId: number }>;
  /** A work document's text changed outside its live session (a restore): its open copy takes the change. */
  workDocumentChanged?: Topic<{ itemId: number; change(doc: Y.Doc): void }>;
}

/** The close code a connection gets when its rights are gone (4000–4999 are the application's). */
const RIGHTS_REVOKED_CODE = 4403;

/**
 * A WebSocket is not covered by the same-origin policy, so a page on another site could open one with
 * our cookie attached (cross-site WebSocket hijacking). Browsers always send Origin on WebSockets: it
 * must name the host the request was made to, or the configured public origin.
 */
function isOwnOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    const parsed = new URL(origin);
    return parsed.origin === new URL(publicUrl).origin || parsed.host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * A refusal the client can read: Hocuspocus sends `reason` in its permission-denied message. A thrown
 * value without `message` also keeps Hocuspocus from logging every refusal as an error.
 */
function refusal(error: unknown): { reason: string } {
  if (error instanceof AppError) return { reason: error.errorText };
  throw error;
}

/**
 * Hocuspocus without a listener of its own: Fastify upgrades `GET /api/collab` after the session cookie
 * and Origin are checked, and hands the socket over. Every document a connection opens is authorised
 * again by name (onAuthenticate); documents are loaded from and stored to Postgres by the service.
 */
export function registerCollabRoutes(
  app: FastifyInstance,
  collab: CollabService,
  options: { publicUrl: string; collabRedis?: CollabRedisConfig | null },
  events: CollabEvents = {},
): Hocuspocus {
  const redis = options.collabRedis ? redisExtension(options.collabRedis) : null;
  const hocuspocus = new Hocuspocus({
    quiet: true,
    extensions: redis ? [redis] : [],
    // Stores follow a pause of 300 ms in typing, and happen at least every 2 s while it goes on.
    debounce: 300,
    maxDebounce: 2000,
    async onAuthenticate({ documentName, context, connectionConfig }) {
      const { userId } = context as ConnectionContext;
      try {
        const access = await collab.authorize(userId, documentName);
        if (access === 'read') connectionConfig.readOnly = true;
      } catch (error) {
        throw refusal(error);
      }
    },
    async onLoadDocument({ documentName, document }) {
      await collab.load(documentName, document);
      return document;
    },
    async onStoreDocument({ documentName, document, context }) {
      const userId = (context as Partial<ConnectionContext>).userId ?? null;
      // Counted now: the payload's clientsCount is from the change that scheduled this store.
      const isLastEditor = document.getConnectionsCount() === 0;
      try {
        await collab.store(documentName, document, userId, isLastEditor);
      } catch (error) {
        app.log.error({ err: error, documentName }, 'storing a collaborative document failed');
        throw error;
      }
    },
  });

  app.get(
    COLLAB_PATH,
    {
      websocket: true,
      // Runs before the upgrade, so a refused request gets a plain HTTP 401/403 instead of a socket.
      preValidation: async (request) => {
        requireUser(request);
        if (!isOwnOrigin(request, options.publicUrl)) throw forbidden(CollabErrors.OriginRefused);
      },
    },
    (socket, request) => {
      const { userId } = requireUser(request);
      const context: ConnectionContext = { userId };
      hocuspocus.handleConnection(socket, request.raw, context);
    },
  );

  /**
   * Checks one open connection's rights again: it turns read-only or writable (and its client is told
   * the new scope), or, with no right left, is refused with the reason and closed.
   */
  async function recheck(connection: Connection, name: string): Promise<void> {
    const { userId } = connection.context as ConnectionContext;
    let access: 'write' | 'read';
    try {
      access = await collab.authorize(userId, name);
    } catch (error) {
      const { reason } = refusal(error);
      connection.send(new OutgoingMessage(name).writePermissionDenied(reason).toUint8Array());
      connection.close({ code: RIGHTS_REVOKED_CODE, reason });
      return;
    }
    const isReadOnly = access === 'read';
    if (connection.readOnly === isReadOnly) return;
    connection.readOnly = isReadOnly;
    connection.send(new OutgoingMessage(name).writeAuthenticated(isReadOnly).toUint8Array());
  }

  // Rights are checked when a document is opened and again, at once, whenever they change.
  const stopRights = events.rightsChanged?.subscribe(({ collectionId }) => {
    const checks = [...hocuspocus.documents.values()]
      .filter((document) => parseDocumentName(document.name)?.collectionId === collectionId)
      .flatMap((document) =>
        document.getConnections().map((connection) => recheck(connection, document.name)),
      );
    Promise.all(checks).catch((error: unknown) =>
      app.log.error({ err: error, collectionId }, 'checking live connections again failed'),
    );
  });

  // An item above a work document may be what changed, so every open work document checks again.
  const stopWorkRights = events.workRightsChanged?.subscribe(({ itemId }) => {
    const checks = [...hocuspocus.documents.values()]
      .filter((document) => document.name.startsWith('work:'))
      .flatMap((document) =>
        document.getConnections().map((connection) => recheck(connection, document.name)),
      );
    Promise.all(checks).catch((error: unknown) =>
      app.log.error({ err: error, itemId }, 'checking live work documents again failed'),
    );
  });

  // A restore or another save of a lesson that is open live goes into the live document (and so to
  // every editor), and is stored from there, so the next store cannot write the old text back.
  // With Redis, every process that has the document open hears the save (collab.relay.ts), but only one
  // may apply it: two copies of the same replacement would merge into the text twice.
  const claimSave = async (name: string, write: DraftPageWrite): Promise<boolean> => {
    if (!redis || !options.collabRedis) return true;
    const key = `${options.collabRedis.prefix}:followed:${name}:${write.page.etag}`;
    return (await redis.pub.set(key, '1', 'PX', 60_000, 'NX')) === 'OK';
  };
  const stopSaves = events.pageWritten?.subscribe((write) => {
    const name = collab.documentNameOf(write);
    if (write.isFromLiveSession || !hocuspocus.documents.has(name)) return;
    const follow = async () => {
      if (!(await claimSave(name, write))) return;
      const direct = await hocuspocus.openDirectConnection(name, {});
      try {
        await direct.transact((document) => collab.followSave(document, write));
      } finally {
        await direct.disconnect();
      }
    };
    follow().catch((error: unknown) =>
      app.log.error({ err: error, documentName: name }, 'following a page save live failed'),
    );
  });

  // The same for a work document: the change is made in the open copy (so every editor gets it) and
  // stored from there; a document nobody has open already has it in its stored state.
  const stopWorkChanges = events.workDocumentChanged?.subscribe(({ itemId, change }) => {
    const name = `work:${itemId}`;
    if (!hocuspocus.documents.has(name)) return;
    const follow = async () => {
      const direct = await hocuspocus.openDirectConnection(name, {});
      try {
        await direct.transact(change);
      } finally {
        await direct.disconnect();
      }
    };
    follow().catch((error: unknown) =>
      app.log.error({ err: error, documentName: name }, 'changing a live work document failed'),
    );
  });

  // Nothing acknowledged may be lost on a restart: run every pending store before the database closes.
  app.addHook('onClose', async () => {
    stopRights?.();
    stopWorkRights?.();
    stopSaves?.();
    stopWorkChanges?.();
    await flushDocuments(hocuspocus);
    hocuspocus.closeConnections();
    // Extensions let go of what they hold (the Redis connections).
    await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
  });

  return hocuspocus;
}

/**
 * Documents shared through Redis: every process that has a document open subscribes to its channel, so an
 * edit (and who is where) reaches the editors connected to the other processes; a store takes a short
 * Redis lock, so two processes do not write the same document at once.
 */
function redisExtension({ url, prefix }: CollabRedisConfig): Redis {
  // Edits wait for a Redis that is coming back rather than failing at once (maxRetriesPerRequest).
  const { host, port, ...options } = redisOptionsOf(url);
  return new Redis({ host, port, prefix, options });
}

/** Runs the debounced stores of every loaded document now and waits for stores already running. */
export async function flushDocuments(hocuspocus: Hocuspocus): Promise<void> {
  await Promise.all(
    [...hocuspocus.documents.values()].map(async (document) => {
      const id = `onStoreDocument-${document.name}`;
      if (hocuspocus.debouncer.isDebounced(id)) await hocuspocus.debouncer.executeNow(id);
      await document.saveMutex.waitForUnlock();
    }),
  );
}
