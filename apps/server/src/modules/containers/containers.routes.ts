import {
  AllocateAndroidRequestSchema,
  AllocateInstanceRequestSchema,
  DesktopStartRequestSchema,
  EmptyBodySchema,
  LiveTestsRequestSchema,
  PingAppQuerySchema,
  type TerminalClientMessage,
  TerminalClientMessageSchema,
  TerminalCloseCode,
  type TerminalExitMessage,
  type TerminalLimitMessage,
  UpdateAppRequestSchema,
} from '@coderoom/contracts';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import { relaySockets, switchingProtocolsHead } from './containers.appSockets.js';
import { relayDesktop } from './containers.desktop.js';
import { ContainersErrors } from './containers.errors.js';
import {
  forwardedRequestHeaders,
  isAllowedAppSocketOrigin,
  isAllowedOrigin,
  passedResponseHeaders,
} from './containers.policy.js';
import type { ContainersService } from './containers.service.js';
import type { TerminalAttachment, TerminalPeer } from './containers.terminals.js';

/** The learner's page runs sandboxed: an opaque origin, never ours, so it cannot use the API as the user. */
export const APP_PROXY_CSP = 'sandbox allow-scripts allow-forms allow-popups';
const APP_BODY_LIMIT = 1024 * 1024;

const sizeOf = (value: string | undefined, fallback: number, max: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 2 && number <= max ? number : fallback;
};

const query = (request: { query: unknown }) => (request.query ?? {}) as Record<string, string | undefined>;
const idText = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : String(value);

export function registerContainersRoutes(
  app: FastifyInstance,
  containers: ContainersService,
  options: { publicUrl: string },
): void {
  registerTerminalRoute(app, containers, options.publicUrl);
  registerDesktopRoutes(app, containers, options.publicUrl);
  registerAppProxy(app, containers, options.publicUrl);

  app.get('/api/instances', async (request) => {
    const auth = requireUser(request);
    const { collection_id, author_id } = query(request);
    return containers.listInstances(auth.userId, {
      collectionId: collection_id || null,
      authorId: author_id || null,
    });
  });

  app.post<{ Params: { authorId: string; workId: string } }>(
    '/api/instances/:authorId/:workId/allocate',
    async (request) => {
      const auth = requireUser(request);
      const body = parseInput(AllocateInstanceRequestSchema, request.body);
      return containers.allocate(auth.userId, {
        authorId: request.params.authorId,
        workId: request.params.workId,
        pageId: idText(body.page_id),
        containerInfo: body.container_info ?? null,
        workType: body.work_type ?? null,
        draft: body.draft ?? false,
        subDocumentId: idText(body.sub_document_id),
      });
    },
  );

  app.post<{ Params: { workType: string; authorId: string; workId: string } }>(
    '/api/instances/:workType/:authorId/:workId/allocate-android',
    async (request) => {
      const auth = requireUser(request);
      const body = parseInput(AllocateAndroidRequestSchema, request.body);
      return containers.allocateAndroid(auth.userId, {
        authorId: request.params.authorId,
        workId: request.params.workId,
        draft: body.draft ?? false,
      });
    },
  );

  app.get<{ Params: { instanceId: string } }>('/api/instances/:instanceId/image/status', async (request) => {
    const auth = requireUser(request);
    return containers.imageStatus(auth.userId, request.params.instanceId);
  });

  app.get<{ Params: { instanceId: string } }>(
    '/api/instances/:instanceId/int-daemon/status',
    async (request) => {
      const auth = requireUser(request);
      return containers.daemonStatus(auth.userId, request.params.instanceId);
    },
  );

  app.post<{ Params: { instanceId: string } }>('/api/instances/:instanceId/update-app', async (request) => {
    const auth = requireUser(request);
    const body = parseInput(UpdateAppRequestSchema, request.body);
    return containers.updateApp(auth.userId, request.params.instanceId, {
      files: body.files,
      job: body.job ?? null,
    });
  });

  app.get<{ Params: { instanceId: string } }>('/api/instances/:instanceId/ping-app', async (request) => {
    const auth = requireUser(request);
    const { port } = parseInput(PingAppQuerySchema, request.query);
    return containers.pingApp(auth.userId, request.params.instanceId, port);
  });

  app.delete<{ Params: { instanceId: string } }>('/api/instances/:instanceId', async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const auth = requireUser(request);
    return containers.stopInstance(auth.userId, request.params.instanceId);
  });

  app.post<{ Params: { authorId: string; workId: string; pageId: string; docId: string } }>(
    '/api/instances/:authorId/:workId/:pageId/:docId/run_tests',
    async (request) => {
      const auth = requireUser(request);
      const body = parseInput(LiveTestsRequestSchema, request.body);
      return containers.runTests(auth.userId, {
        ...request.params,
        documentType: body.document_type ?? null,
        containerInfo: body.container_info ?? null,
        isEditor: body.is_editor ?? false,
      });
    },
  );

  app.get<{ Params: { authorId: string; workId: string; pageId: string; docId: string } }>(
    '/api/instances/:authorId/:workId/:pageId/:docId/test-results',
    async (request) => {
      const auth = requireUser(request);
      const { document_type, attempt_count, is_editor } = query(request);
      const attempts = attempt_count === undefined || attempt_count === '' ? null : Number(attempt_count);
      return containers.testResults(auth.userId, {
        ...request.params,
        documentType: document_type || null,
        attemptCount: attempts !== null && Number.isInteger(attempts) ? attempts : null,
        isEditor: is_editor === 'true',
      });
    },
  );
}

/**
 * GET /api/instances/{id}/terminal (WebSocket). Refused before the upgrade unless the session's user owns the
 * instance and the page is ours (browsers send cookies with cross-site WebSocket handshakes, and CORS does not
 * apply to them, so the Origin check is what stops another site from driving the learner's shell).
 */
function registerTerminalRoute(app: FastifyInstance, containers: ContainersService, publicUrl: string) {
  app.get<{ Params: { instanceId: string } }>(
    '/api/instances/:instanceId/terminal',
    {
      websocket: true,
      preValidation: async (request) => {
        const auth = requireUser(request);
        if (!isAllowedOrigin(request.headers.origin, publicUrl, request.headers.host)) {
          throw ContainersErrors.originRefused();
        }
        await containers.checkOwner(auth.userId, request.params.instanceId);
      },
    },
    (socket, request) => attachSocket(socket, request, containers),
  );
}

/**
 * The desktop of a desktop instance (docs/widgets.md "VNC"): POST …/desktop starts it (or finds it
 * running), then GET …/vnc (WebSocket) carries the VNC protocol between the browser's noVNC and the VNC
 * server inside the instance. Both need the session of the instance's owner; the socket's refusals come
 * before the upgrade as plain HTTP answers, like the terminal's (the Origin check stops another site from
 * watching or driving the learner's desktop with the learner's cookie).
 */
function registerDesktopRoutes(app: FastifyInstance, containers: ContainersService, publicUrl: string) {
  app.post<{ Params: { instanceId: string } }>('/api/instances/:instanceId/desktop', async (request) => {
    const auth = requireUser(request);
    const size = parseInput(DesktopStartRequestSchema, request.body ?? {});
    return containers.startDesktop(auth.userId, request.params.instanceId, size);
  });

  app.get<{ Params: { instanceId: string } }>(
    '/api/instances/:instanceId/vnc',
    {
      websocket: true,
      preValidation: async (request) => {
        const auth = requireUser(request);
        if (!isAllowedOrigin(request.headers.origin, publicUrl, request.headers.host)) {
          throw ContainersErrors.desktopOriginRefused();
        }
        await containers.checkDesktop(auth.userId, request.params.instanceId);
      },
    },
    (socket, request) => {
      const auth = requireUser(request);
      relayDesktop(socket, containers.connectDesktop(auth.userId, request.params.instanceId));
    },
  );
}

function attachSocket(
  socket: WebSocket,
  request: FastifyRequest<{ Params: { instanceId: string } }>,
  containers: ContainersService,
) {
  const auth = requireUser(request);
  const { cols, rows } = query(request);
  const size = { cols: sizeOf(cols, 80, 1000), rows: sizeOf(rows, 24, 500) };
  let attachment: TerminalAttachment | null = null;
  let closed = false;
  const early: Array<TerminalClientMessage> = [];
  const apply = (message: TerminalClientMessage, to: TerminalAttachment) => {
    if (message.type === 'input') to.write(message.data);
    else to.resize({ cols: message.cols, rows: message.rows });
  };
  const peer: TerminalPeer = {
    output: (data) => {
      if (socket.readyState === socket.OPEN) socket.send(data, { binary: true });
    },
    end: (reason, exitCode) => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(
        JSON.stringify({ type: 'exit', reason, exit_code: exitCode } satisfies TerminalExitMessage),
      );
      socket.close(
        reason === 'terminated' ? TerminalCloseCode.Terminated : TerminalCloseCode.ForceClosed,
        reason,
      );
    },
    limitExceeded: (limit, message) => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(JSON.stringify({ type: 'limit', limit, message } satisfies TerminalLimitMessage));
    },
  };
  socket.on('message', (raw: Buffer, isBinary: boolean) => {
    if (isBinary) return;
    let message: TerminalClientMessage;
    try {
      message = TerminalClientMessageSchema.parse(JSON.parse(raw.toString()));
    } catch {
      return;
    }
    if (attachment) apply(message, attachment);
    else if (early.length < 100) early.push(message);
  });
  socket.on('close', () => {
    closed = true;
    attachment?.detach();
  });
  containers.attachTerminal(auth.userId, request.params.instanceId, size, peer).then(
    (attached) => {
      if (closed) {
        attached.detach();
        return;
      }
      attachment = attached;
      for (const message of early.splice(0)) apply(message, attached);
    },
    () => peer.end('force_closed', null),
  );
}

/**
 * /api/instances/{id}/app/{port}/… for every method: the learner's app, reached through the instance's
 * agent (the app listens in the instance's own network namespace). Bodies are kept raw, up to 1 MiB. A
 * WebSocket upgrade is taken over in preValidation, before @fastify/websocket would answer it itself: the
 * app does the handshake, and the bytes are relayed as they are.
 */
function registerAppProxy(app: FastifyInstance, containers: ContainersService, publicUrl: string) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: APP_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.all<{ Params: { instanceId: string; port: string } }>(
      '/api/instances/:instanceId/app/:port',
      async (request, reply) => {
        // Only an app the caller may reach gets the redirect; anything else is refused as the proxy would.
        const { instanceId, viewer, port } = proxyTarget(request);
        await containers.checkAppTarget(viewer, instanceId, port);
        const queryAt = request.url.indexOf('?');
        const [pathname, query] =
          queryAt < 0 ? [request.url, ''] : [request.url.slice(0, queryAt), request.url.slice(queryAt)];
        return reply.redirect(`${pathname}/${query}`, 308);
      },
    );
    scope.all<{ Params: { instanceId: string; port: string } }>(
      '/api/instances/:instanceId/app/:port/*',
      {
        preValidation: async (request, reply) => {
          if (request.ws) return upgradeToApp(request, reply, containers, publicUrl);
        },
      },
      async (request, reply) => relay(request, reply, containers),
    );
  });
}

type AppProxyRequest = FastifyRequest<{ Params: { instanceId: string; port: string } }>;

/** Who asks (null without a session), the port, and the path below the proxy prefix. */
function proxyTarget(request: AppProxyRequest) {
  const { instanceId, port: portText } = request.params;
  const viewer = request.auth?.state === 'active' ? request.auth.userId : null;
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : -1;
  const marker = `/app/${portText}`;
  const prefix = request.url.slice(0, request.url.indexOf(marker) + marker.length);
  return { instanceId, viewer, port, prefix, path: request.url.slice(prefix.length) || '/' };
}

/**
 * A WebSocket for the learner's app. Refusals (origin, owner or capability, port, an app that refuses or
 * does not answer) are plain HTTP answers, as for the terminal; so is an app that answers without switching
 * protocols (its status only). After a 101 the socket is the relay's.
 */
async function upgradeToApp(
  request: AppProxyRequest,
  reply: FastifyReply,
  containers: ContainersService,
  publicUrl: string,
) {
  if (!isAllowedAppSocketOrigin(request.headers.origin, publicUrl, request.headers.host)) {
    throw ContainersErrors.appSocketOriginRefused();
  }
  const { instanceId, viewer, port, prefix, path } = proxyTarget(request);
  const { stream, answer, rest } = await containers.connectAppSocket(viewer, instanceId, port, {
    path,
    prefix,
    headers: request.headers,
  });
  if (answer.status !== 101) {
    stream.destroy();
    return reply
      .status(answer.status)
      .header('content-security-policy', APP_PROXY_CSP)
      .header('cache-control', 'no-store')
      .send();
  }
  reply.hijack();
  relaySockets(request.raw.socket, stream, switchingProtocolsHead(answer), rest);
  return reply;
}

async function relay(request: AppProxyRequest, reply: FastifyReply, containers: ContainersService) {
  const { instanceId, viewer, port, prefix, path } = proxyTarget(request);
  const answer = await containers.relayToApp(viewer, instanceId, port, {
    method: request.method,
    path,
    headers: forwardedRequestHeaders(request.headers, port, prefix),
    body: Buffer.isBuffer(request.body) ? request.body : undefined,
  });
  reply.status(answer.status);
  for (const [name, value] of passedResponseHeaders(answer.headers, port, prefix)) reply.header(name, value);
  reply.header('content-security-policy', APP_PROXY_CSP);
  // The sandboxed page has an opaque origin; its images and scripts must be loadable cross-origin.
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.header('cache-control', 'no-store');
  return reply.send(answer.body);
}
