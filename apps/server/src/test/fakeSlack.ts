import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Slack for tests and the e2e journey: a real HTTP server on 127.0.0.1 speaking the parts of Slack the
// app uses: the OAuth v2 authorize page (it approves at once, as the person `as` names, and sends the
// browser back with a code), and the Web API methods oauth.v2.access, chat.postMessage and auth.revoke
// with Slack's JSON answers (`ok: false` with an error code on HTTP 200, as Slack does). The app reaches
// it through @slack/web-api with `slackApiUrl` pointed here.

export interface FakeSlackPerson {
  userId: string;
  teamId: string;
  teamName: string;
}

export interface FakeSlackCall {
  method: string;
  /** The bearer token the call carried, if any. */
  token: string | null;
  params: Record<string, string>;
}

export interface FakeSlack {
  /** Base of the Web API (`SLACK_API_URL`). */
  apiUrl: string;
  authorizeUrl: string;
  clientId: string;
  clientSecret: string;
  /** Who approves the next authorisations. */
  as(person: FakeSlackPerson): void;
  /** Every Web API call received, in order. */
  calls: FakeSlackCall[];
  /** The bot tokens handed out, by team id. */
  botTokens: Map<string, string>;
  close(): Promise<void>;
}

interface PendingCode {
  redirectUri: string;
  person: FakeSlackPerson;
  botScopes: string;
  userScopes: string;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, body: object) {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function paramsOf(raw: string, contentType: string): Record<string, string> {
  if (contentType.includes('application/json')) {
    const parsed = JSON.parse(raw || '{}') as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

export async function startFakeSlack(
  options: { clientId?: string; clientSecret?: string; port?: number } = {},
): Promise<FakeSlack> {
  const clientId = options.clientId ?? '1111.2222';
  const clientSecret = options.clientSecret ?? 'fake-slack-secret';
  let person: FakeSlackPerson = { userId: 'U0ADMIN', teamId: 'T0ACME', teamName: 'Acme Robotics' };
  const codes = new Map<string, PendingCode>();
  const calls: FakeSlackCall[] = [];
  const botTokens = new Map<string, string>();
  const revoked = new Set<string>();

  async function api(method: string, req: IncomingMessage, res: ServerResponse) {
    const params = paramsOf(await readBody(req), req.headers['content-type'] ?? '');
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? params.token ?? null;
    calls.push({ method, token: bearer, params });
    const knownBot = bearer !== null && !revoked.has(bearer) && [...botTokens.values()].includes(bearer);
    switch (method) {
      case 'oauth.v2.access': {
        // Client credentials as form fields or HTTP Basic, as Slack accepts both.
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const [id, secret] = basic
          ? Buffer.from(basic, 'base64').toString('utf8').split(':')
          : [params.client_id, params.client_secret];
        if (id !== clientId || secret !== clientSecret)
          return json(res, { ok: false, error: 'invalid_client_id' });
        const pending = codes.get(params.code ?? '');
        codes.delete(params.code ?? '');
        if (!pending) return json(res, { ok: false, error: 'invalid_code' });
        if (pending.redirectUri !== params.redirect_uri)
          return json(res, { ok: false, error: 'bad_redirect_uri' });
        const team = { id: pending.person.teamId, name: pending.person.teamName };
        const authedUser = {
          id: pending.person.userId,
          ...(pending.userScopes
            ? {
                scope: pending.userScopes,
                access_token: `xoxp-${randomBytes(8).toString('hex')}`,
                token_type: 'user',
              }
            : {}),
        };
        if (!pending.botScopes)
          return json(res, { ok: true, app_id: 'A0FAKE', authed_user: authedUser, team });
        const token = `xoxb-${randomBytes(12).toString('hex')}`;
        botTokens.set(team.id, token);
        return json(res, {
          ok: true,
          access_token: token,
          token_type: 'bot',
          scope: pending.botScopes,
          bot_user_id: 'U0BOT',
          app_id: 'A0FAKE',
          team,
          enterprise: null,
          authed_user: authedUser,
        });
      }
      case 'chat.postMessage': {
        if (!knownBot) return json(res, { ok: false, error: 'invalid_auth' });
        if (!params.channel) return json(res, { ok: false, error: 'channel_not_found' });
        const ts = `${Math.floor(Date.now() / 1000)}.${randomBytes(3).toString('hex')}`;
        return json(res, {
          ok: true,
          channel: `D${params.channel.slice(1)}`,
          ts,
          message: { type: 'message', text: params.text, user: 'U0BOT', ts },
        });
      }
      case 'auth.revoke': {
        if (!knownBot || bearer === null) return json(res, { ok: false, error: 'invalid_auth' });
        revoked.add(bearer);
        return json(res, { ok: true, revoked: true });
      }
      default:
        return json(res, { ok: false, error: 'unknown_method' });
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const handle = async () => {
      if (req.method === 'GET' && url.pathname === '/oauth/v2/authorize') {
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        if (url.searchParams.get('client_id') !== clientId || !redirectUri) {
          res.writeHead(400, { 'content-type': 'text/plain' });
          return res.end('invalid_client_id');
        }
        const code = randomBytes(12).toString('hex');
        codes.set(code, {
          redirectUri,
          person,
          botScopes: url.searchParams.get('scope') ?? '',
          userScopes: url.searchParams.get('user_scope') ?? '',
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      const method = /^\/api\/([A-Za-z0-9.]+)$/.exec(url.pathname)?.[1];
      if (req.method === 'POST' && method) return api(method, req, res);
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    };
    handle().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    apiUrl: `${base}/api/`,
    authorizeUrl: `${base}/oauth/v2/authorize`,
    clientId,
    clientSecret,
    as(next) {
      person = next;
    },
    calls,
    botTokens,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
