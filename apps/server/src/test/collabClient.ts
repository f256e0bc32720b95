import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
// @ts-expect-error ws ships no types and @types/ws is not installed; only its constructor and events are used.
import WebSocket from 'ws';
import * as Y from 'yjs';
import { MARKDOWN_MAP } from '../modules/collab/collab.document.js';
import { COLLAB_PATH } from '../modules/collab/collab.routes.js';
import type { TestClient } from './harness.js';

// A real Hocuspocus client in Node, as a browser would open it: the session cookie and our Origin on the
// WebSocket upgrade.

interface NodeSocket {
  on(event: string, listener: (...args: never[]) => void): void;
  close(): void;
}
type WsClass = new (
  url: string,
  protocols?: string | string[],
  options?: { headers: Record<string, string> },
) => NodeSocket;

export interface LiveDocument {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  /** The Markdown text of widget `compId` in the document. */
  text(compId: string): Y.Text;
  close(): void;
}

/** Opens document `name` on the collab endpoint at `host` (`127.0.0.1:port`) as `client`; resolves once synced. */
export function openLiveDocument(host: string, client: TestClient, name: string): Promise<LiveDocument> {
  const cookie = [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
  const headers = { origin: `http://${host}`, cookie };
  const Socket: WsClass = WebSocket;
  const socket = new HocuspocusProviderWebsocket({
    url: `ws://${host}${COLLAB_PATH}`,
    WebSocketPolyfill: class extends Socket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers });
      }
    },
  });
  const doc = new Y.Doc();
  return new Promise((resolve, reject) => {
    const provider: HocuspocusProvider = new HocuspocusProvider({
      websocketProvider: socket,
      name,
      document: doc,
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      onSynced: () =>
        resolve({
          provider,
          doc,
          text: (compId) => {
            const text = doc.getMap<Y.Text>(MARKDOWN_MAP).get(compId);
            if (!text) throw new Error(`no text for ${compId}`);
            return text;
          },
          close: () => {
            provider.destroy();
            socket.destroy();
          },
        }),
    });
    provider.attach();
  });
}
