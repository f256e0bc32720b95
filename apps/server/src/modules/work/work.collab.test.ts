import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error ws ships no types and @types/ws is not installed; only its constructor is used.
import WebSocket from 'ws';
import * as Y from 'yjs';
import { buildApp } from '../../app.js';
import { workItems } from '../../db/schema.js';
import type { Database } from '../../platform/db/database.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { openTestDatabase, signUp, type TestClient } from '../../test/harness.js';
import { COLLAB_PATH } from '../collab/collab.routes.js';
import { WORK_DOCUMENT_FIELD, WORK_DOCUMENT_MAP } from './work.service.js';

// Work documents co-edited on the collab server (name space `work:{id}`): two people converge, also after
// one of them edits offline, the text lands in work_items.body, and someone without access is refused.

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let baseUrl: string;
const open: Array<{ destroy(): void }> = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'test@coderoom.dev', db: database.db }),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  baseUrl = `127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const entry of open) entry.destroy();
  await app.close();
  await drop();
});

type WsClass = new (
  url: string,
  protocols?: string | string[],
  options?: { headers: Record<string, string> },
) => WebSocket;

/** A browser-like socket: the client's session cookie and our own Origin. */
function socketClass(client: TestClient) {
  const headers = {
    origin: `http://${baseUrl}`,
    cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
  const Socket: WsClass = WebSocket;
  return class extends Socket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  };
}

function join(
  client: TestClient,
  name: string,
): Promise<{ provider: HocuspocusProvider; text: () => Y.Text; refusals: string[] }> {
  const refusals: string[] = [];
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: `ws://${baseUrl}${COLLAB_PATH}`,
    WebSocketPolyfill: socketClass(client),
  });
  open.push(socket);
  return new Promise((resolve, reject) => {
    const provider: HocuspocusProvider = new HocuspocusProvider({
      websocketProvider: socket,
      name,
      document: doc,
      onAuthenticationFailed: ({ reason }) => {
        refusals.push(reason);
        reject(new Error(reason));
      },
      onSynced: () =>
        resolve({
          provider,
          refusals,
          text: () => {
            const text = doc.getMap<Y.Text>(WORK_DOCUMENT_MAP).get(WORK_DOCUMENT_FIELD);
            if (!text) throw new Error('no text');
            return text;
          },
        }),
    });
    provider.attach();
    open.push(provider);
  });
}

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('co-edited work documents', () => {
  it('converge between two editors, also after one edits offline, and store the text', async () => {
    const owner = await signUp(app, { full_name: 'Olive Owner' });
    const mate = await signUp(app, { full_name: 'Mo Mate' });
    const outsider = await signUp(app);
    const created = await owner.client.post('/api/workflows/items', { kind: 'document', title: 'Plan' });
    const id = created.json().item.id as number;
    await owner.client.put(`/api/workflows/items/${id}`, { body: 'Start.' });
    await owner.client.put(`/api/workflows/items/${id}/collaborators`, { email: mate.email, role: 'edit' });

    const a = await join(owner.client, `work:${id}`);
    const b = await join(mate.client, `work:${id}`);
    expect(a.text().toString()).toBe('Start.');
    a.text().insert(0, 'A ');
    b.text().insert(b.text().length, ' B');
    await eventually(
      () => a.text().toString() === b.text().toString() && a.text().toString() === 'A Start. B',
    );

    // B goes offline and keeps typing; A types too; B comes back and both hold both edits.
    b.provider.configuration.websocketProvider.disconnect();
    b.text().insert(b.text().length, ' offline');
    a.text().insert(0, 'online ');
    // Once the server has A's edit, the offline B must still not have it.
    await eventually(() => !a.provider.hasUnsyncedChanges);
    expect(b.text().toString()).not.toContain('online');
    await b.provider.configuration.websocketProvider.connect();
    await eventually(() => a.text().toString() === b.text().toString());
    expect(a.text().toString()).toBe('online A Start. B offline');

    await eventually(async () => {
      const [row] = await database.db.select().from(workItems).where(eq(workItems.id, id));
      return row?.body === 'online A Start. B offline';
    });

    await expect(join(outsider.client, `work:${id}`)).rejects.toThrow();

    // Taking the role away closes the open editor at once.
    await owner.client.put(`/api/workflows/items/${id}/collaborators`, { email: mate.email, role: null });
    await eventually(() => b.refusals.length > 0);
  });

  it('keeps versions of live edits, and a restore reaches the open editor and is stored from there', async () => {
    const owner = await signUp(app, { full_name: 'Rita Restore' });
    const created = await owner.client.post('/api/workflows/items', { kind: 'document', title: 'Notes' });
    const id = created.json().item.id as number;
    const a = await join(owner.client, `work:${id}`);
    a.text().insert(0, 'Typed live.');
    const versions = async () =>
      (await owner.client.get(`/api/workflows/items/${id}/versions`)).json().versions as Array<{
        id: number;
        reason: string;
      }>;
    // The first store of a document without history keeps a version.
    await eventually(async () => (await versions()).length === 1);
    const [live] = await versions();
    const text = await owner.client.get(`/api/workflows/items/${id}/versions/${live?.id}`);
    expect(text.json().body).toBe('Typed live.');

    // Replaced through the API while open: the open editor follows.
    const replaced = await owner.client.put(`/api/workflows/items/${id}`, { body: 'Written by a script.' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    await eventually(() => a.text().toString() === 'Written by a script.');

    const restored = await owner.client.put(`/api/workflows/items/${id}/versions/${live?.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    await eventually(() => a.text().toString() === 'Typed live.');
    a.text().insert(a.text().length, ' And more.');
    await eventually(async () => {
      const [row] = await database.db.select().from(workItems).where(eq(workItems.id, id));
      return row?.body === 'Typed live. And more.';
    });
    expect((await versions()).map((version) => version.reason)).toEqual(['restore', 'edit', 'edit']);
  });
});
