import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ErrorStatus, PAYLOAD_LIMIT_BYTES } from '@coderoom/domain';
import type { LiveInstanceDriver, Runner } from '@coderoom/runner';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createCoreServices } from './coreServices.js';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { registerAssessmentEditorRoutes } from './modules/assessments/assessmentEditor.routes.js';
import { createAssessmentEditorService } from './modules/assessments/assessmentEditor.service.js';
import { registerAssessmentsRoutes } from './modules/assessments/assessments.routes.js';
import { createAssessmentsService } from './modules/assessments/assessments.service.js';
import { registerQuestionnaireRoutes } from './modules/assessments/questionnaires.routes.js';
import { createQuestionnairesService } from './modules/assessments/questionnaires.service.js';
import { registerAuthoringRoutes } from './modules/authoring/authoring.routes.js';
import { createAuthoringService, type DraftPageWrite } from './modules/authoring/authoring.service.js';
import { registerVersionsRoutes } from './modules/authoring/versions.routes.js';
import { createVersionsService } from './modules/authoring/versions.service.js';
import { registerCloudLabEditorRoutes } from './modules/cloudlabs/cloudLabEditor.routes.js';
import { createCloudLabEditorService } from './modules/cloudlabs/cloudLabEditor.service.js';
import { createCloudLabLiveWorks } from './modules/cloudlabs/cloudlabs.live.js';
import { registerCloudLabsRoutes } from './modules/cloudlabs/cloudlabs.routes.js';
import { type CloudLabsDeps, createCloudLabsService } from './modules/cloudlabs/cloudlabs.service.js';
import { registerCollabRoutes } from './modules/collab/collab.routes.js';
import { createCollabService } from './modules/collab/collab.service.js';
import { registerCollaboratorsRoutes } from './modules/collaborators/collaborators.routes.js';
import { createCollaboratorsService } from './modules/collaborators/collaborators.service.js';
import { registerCommentsRoutes } from './modules/comments/comments.routes.js';
import { createCommentsService } from './modules/comments/comments.service.js';
import { registerContainersRoutes } from './modules/containers/containers.routes.js';
import { createContainersService } from './modules/containers/containers.service.js';
import type { DraftRightsChange } from './modules/content/content.policy.js';
import { registerExecutionRoutes } from './modules/execution/execution.routes.js';
import { createExecutionService } from './modules/execution/execution.service.js';
import { registerGoalsRoutes } from './modules/goals/goals.routes.js';
import { createGoalsService } from './modules/goals/goals.service.js';
import { registerMailboxRoutes } from './modules/mailbox/mailbox.routes.js';
import { createMailboxService } from './modules/mailbox/mailbox.service.js';
import { registerMedia } from './modules/media/media.module.js';
import { registerNotesRoutes } from './modules/notes/notes.routes.js';
import { createNotesService } from './modules/notes/notes.service.js';
import { registerProgressRoutes } from './modules/progress/progress.routes.js';
import { createProgressService } from './modules/progress/progress.service.js';
import { registerProjectEditorRoutes } from './modules/projects/projectEditor.routes.js';
import { createProjectEditorService } from './modules/projects/projectEditor.service.js';
import { createProjectLiveWorks } from './modules/projects/projects.live.js';
import { registerProjectsRoutes } from './modules/projects/projects.routes.js';
import { createProjectsService } from './modules/projects/projects.service.js';
import { registerReaderRoutes } from './modules/reader/reader.routes.js';
import { createReaderService } from './modules/reader/reader.service.js';
import { registerSpaRoutes } from './modules/spa/spa.routes.js';
import { registerUserDataRoutes } from './modules/userdata/userdata.routes.js';
import { createUserDataService } from './modules/userdata/userdata.service.js';
import { createSessionStore } from './platform/auth/sessions.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { AppConfig } from './platform/config.js';
import type { Database } from './platform/db/database.js';
import { AppError, PlatformMessages, registerErrorHandler } from './platform/http/errors.js';
import { createRateLimiter } from './platform/http/rateLimit.js';
import { registerRequestSecurity } from './platform/http/security.js';
import { loggerOptions } from './platform/logging.js';
import type { Mailer } from './platform/mail/mailer.js';
import { createTopic } from './platform/realtime/topic.js';

export const APP_VERSION = '0.1.0';

export interface AppDeps {
  /** Image uploads are registered when the config names a storage (main passes the whole config). */
  config: Pick<AppConfig, 'publicUrl' | 'webDistDir' | 'trustProxy' | 'logLevel'> &
    Partial<Pick<AppConfig, 'dataDir' | 'storage' | 'uploadSigningSecret' | 'logFormat'>>;
  database: Database;
  mailer: Mailer;
  /** The code runner; without it the code-execution routes are not registered (tests of other modules). */
  runner?: Runner;
  /** Live instances (cloud labs, spec §7); without a driver the /api/instances routes are not registered. */
  instances?: LiveInstanceDriver;
  /** Organization memberships for can_access_cloudlabs (no organizations module yet: tests set it). */
  cloudLabAccess?: CloudLabsDeps['cloudLabAccess'];
  clock?: Clock;
  /** Fastify logger options; false silences logs (tests). */
  logger?: FastifyServerOptions['logger'];
}

/** The whole HTTP application: platform plugins first, then one registration per module. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const logging =
    deps.logger !== undefined
      ? { logger: deps.logger }
      : loggerOptions(config.logLevel, config.logFormat ?? 'json');
  const app = Fastify({
    ...logging,
    bodyLimit: PAYLOAD_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // gzip/brotli for JSON and the web app's files; tiny answers are not worth the CPU.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  // WebSockets share the HTTP port and the session cookie (terminals, collaborative editing).
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense once the platform is served over TLS.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  registerErrorHandler(app, PAYLOAD_LIMIT_BYTES);

  const sessions = createSessionStore(database.db, clock);
  registerRequestSecurity(app, sessions);
  const rateLimiter = createRateLimiter(database.db, clock);

  app.get('/api/health', async () => ({
    status: 'ok' as const,
    database: database.kind,
    version: APP_VERSION,
  }));

  const accounts = createAccountsService({
    db: database.db,
    sessions,
    rateLimiter,
    mailer: deps.mailer,
    clock,
    publicUrl: config.publicUrl,
  });
  registerAccountsRoutes(app, accounts);
  registerMailboxRoutes(app, createMailboxService({ db: database.db, accounts }));
  const { users, content } = createCoreServices({ db: database.db, clock });
  const progress = createProgressService({ db: database.db, clock, content, users });
  registerReaderRoutes(app, createReaderService({ content, progress }));
  // Studio changes that open live documents follow at once (collaborative editing).
  const draftEvents = {
    rightsChanged: createTopic<DraftRightsChange>(),
    pageWritten: createTopic<DraftPageWrite>(),
  };
  const authoring = createAuthoringService({ db: database.db, content, ...draftEvents });
  registerAuthoringRoutes(app, authoring);
  registerVersionsRoutes(app, createVersionsService({ content, authoring }));
  const collab = createCollabService({ db: database.db, clock, content, authoring });
  registerCollabRoutes(app, collab, config, draftEvents);
  registerCollaboratorsRoutes(
    app,
    createCollaboratorsService({
      db: database.db,
      clock,
      content,
      rateLimiter,
      rightsChanged: draftEvents.rightsChanged,
    }),
  );
  registerProgressRoutes(app, progress);
  registerNotesRoutes(app, createNotesService({ db: database.db, clock, content }));
  registerCommentsRoutes(app, createCommentsService({ db: database.db, clock, content, accounts }));
  registerUserDataRoutes(app, createUserDataService({ db: database.db, clock }));
  registerGoalsRoutes(app, createGoalsService({ db: database.db, clock }));
  await registerMedia(app, config, { db: database.db, clock, content });
  registerAssessmentsRoutes(
    app,
    createAssessmentsService({ db: database.db, clock, content, runner: deps.runner }),
  );
  registerAssessmentEditorRoutes(app, createAssessmentEditorService({ db: database.db, clock, content }));
  registerQuestionnaireRoutes(app, createQuestionnairesService({ db: database.db, clock, content }));
  const projects = createProjectsService({
    db: database.db,
    clock,
    content,
    runner: deps.runner,
    rateLimiter,
  });
  registerProjectsRoutes(app, projects);
  registerProjectEditorRoutes(app, createProjectEditorService({ db: database.db, clock, content }));
  registerSpaRoutes(app);
  if (deps.runner) {
    const widgets = {
      codeWidget: content.codeWidget,
      saveWidgetData: progress.saveWidgetData,
    };
    registerExecutionRoutes(
      app,
      createExecutionService({ db: database.db, runner: deps.runner, rateLimiter, log: app.log, widgets }),
    );
  }
  // Allocating a lab's instance reads the lab, and the lab's checks run in that instance: the containers
  // service reaches the one cloud labs service (created just below) when a lab is allocated.
  const containers = deps.instances
    ? createContainersService({
        driver: deps.instances,
        clock,
        liveWorks: createProjectLiveWorks(projects),
        cloudLabWorks: createCloudLabLiveWorks({
          liveWork: (userId, ref) => cloudLabs.liveWork(userId, ref),
        }),
      })
    : undefined;
  const cloudLabs = createCloudLabsService({
    db: database.db,
    clock,
    content,
    cloudLabAccess: deps.cloudLabAccess,
    instances: containers,
  });
  if (containers) registerContainersRoutes(app, containers, { publicUrl: config.publicUrl });
  registerCloudLabsRoutes(app, cloudLabs);
  registerCloudLabEditorRoutes(app, createCloudLabEditorService({ db: database.db, clock, content }));

  registerWebApp(app, config.webDistDir);
  return app;
}

/** Serves the built SPA; unknown /api paths stay JSON 404s, every other GET gets index.html. */
function registerWebApp(app: FastifyInstance, webDistDir: string | null): void {
  const hasWeb = webDistDir !== null && existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each file (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // Vite fingerprints everything under /assets, so those files never change under the same name.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new AppError(ErrorStatus.NotFound, PlatformMessages.ApiRouteNotFound);
    }
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError(ErrorStatus.NotFound, PlatformMessages.NotFound);
  });
}
