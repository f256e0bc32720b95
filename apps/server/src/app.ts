import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOGGED_IN_COOKIE, SESSION_COOKIE } from '@coderoom/contracts';
import {
  DEFAULT_STUDENT_EMAIL_DOMAINS,
  ErrorStatus,
  FeatureSet,
  PAYLOAD_LIMIT_BYTES,
} from '@coderoom/domain';
import type { LiveInstanceDriver, Runner } from '@coderoom/runner';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { createCoreServices } from './coreServices.js';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { registerSettingsRoutes } from './modules/accounts/settings.routes.js';
import { createAccountSettingsService } from './modules/accounts/settings.service.js';
import { createEmbedder } from './modules/ai/ai.embeddings.js';
import { createAnswerModel } from './modules/ai/ai.model.js';
import { registerAiRoutes } from './modules/ai/ai.routes.js';
import { createAiService } from './modules/ai/ai.service.js';
import { createReviewService } from './modules/ai/review.service.js';
import { createTutorService } from './modules/ai/tutor.service.js';
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
import { type CollabRelay, type RelayedTopics, startCollabRelay } from './modules/collab/collab.relay.js';
import { COLLAB_PATH, registerCollabRoutes } from './modules/collab/collab.routes.js';
import { createCollabService } from './modules/collab/collab.service.js';
import { registerCollaboratorsRoutes } from './modules/collaborators/collaborators.routes.js';
import { createCollaboratorsService } from './modules/collaborators/collaborators.service.js';
import { registerCommentsRoutes } from './modules/comments/comments.routes.js';
import { createCommentsService } from './modules/comments/comments.service.js';
import { createCheckoutService } from './modules/commerce/checkout.service.js';
import {
  registerCommerceRoutes,
  registerCouponRoutes,
  registerSettlementRoutes,
  registerWebhookRoutes,
} from './modules/commerce/commerce.routes.js';
import { createComplimentaryPlansService } from './modules/commerce/complimentary.service.js';
import { createCouponsService } from './modules/commerce/coupons.service.js';
import { createExtendedCheckoutsService } from './modules/commerce/extendedCheckouts.service.js';
import { registerGiftRoutes } from './modules/commerce/gifts.routes.js';
import { createGiftsService } from './modules/commerce/gifts.service.js';
import { createPaymentMethodsService } from './modules/commerce/paymentMethods.service.js';
import {
  createSandboxProcessor,
  type PaymentProcessorAdapter,
} from './modules/commerce/payments.processor.js';
import { registerPayoutRoutes } from './modules/commerce/payouts.routes.js';
import { createPayoutsService } from './modules/commerce/payouts.service.js';
import { createReceiptsService } from './modules/commerce/receipts.service.js';
import { registerAdminRefundRoutes } from './modules/commerce/refunds.admin.routes.js';
import { createAdminRefundsService } from './modules/commerce/refunds.admin.service.js';
import { createRefundsService } from './modules/commerce/refunds.service.js';
import { createRenewalsService } from './modules/commerce/renewals.service.js';
import { createSettlementService } from './modules/commerce/settlement.service.js';
import { createStripeWebhookVerifier } from './modules/commerce/stripe.webhooks.js';
import { createWebhooksService } from './modules/commerce/webhooks.service.js';
import { registerContainersRoutes } from './modules/containers/containers.routes.js';
import { createContainersService } from './modules/containers/containers.service.js';
import { createLessonLiveDocuments } from './modules/content/content.live.js';
import type { DraftRightsChange } from './modules/content/content.policy.js';
import { registerExecutionRoutes } from './modules/execution/execution.routes.js';
import { createExecutionService } from './modules/execution/execution.service.js';
import { registerFeaturesRoutes } from './modules/features/features.routes.js';
import { createFeaturesService } from './modules/features/features.service.js';
import { registerGoalsRoutes } from './modules/goals/goals.routes.js';
import { createGoalsService } from './modules/goals/goals.service.js';
import { createAffiliatesService } from './modules/growth/affiliates.service.js';
import { registerGrowthRoutes } from './modules/growth/growth.routes.js';
import { createReferralsService } from './modules/growth/referrals.service.js';
import { createRevenueService } from './modules/growth/revenue.service.js';
import { registerStudentRoutes } from './modules/growth/students.routes.js';
import { createStudentsService } from './modules/growth/students.service.js';
import { createTrackingService } from './modules/growth/tracking.service.js';
import { registerMailboxRoutes } from './modules/mailbox/mailbox.routes.js';
import { createMailboxService } from './modules/mailbox/mailbox.service.js';
import { registerMarketingRoutes } from './modules/marketing/marketing.routes.js';
import { createMarketingService } from './modules/marketing/marketing.service.js';
import { registerMedia } from './modules/media/media.module.js';
import { registerNotesRoutes } from './modules/notes/notes.routes.js';
import { createNotesService } from './modules/notes/notes.service.js';
import { registerNotificationsRoutes } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { registerOnboardingRoutes } from './modules/onboarding/onboarding.routes.js';
import { createOnboardingService } from './modules/onboarding/onboarding.service.js';
import { registerConfluenceRoutes } from './modules/organizations/confluence.routes.js';
import { createConfluenceService } from './modules/organizations/confluence.service.js';
import { registerMentoringRoutes } from './modules/organizations/mentoring.routes.js';
import { createMentoringService } from './modules/organizations/mentoring.service.js';
import { registerOrganizationsRoutes } from './modules/organizations/organizations.routes.js';
import { createOrganizationsService } from './modules/organizations/organizations.service.js';
import { registerPlansRoutes } from './modules/organizations/plans.routes.js';
import { createPlansService } from './modules/organizations/plans.service.js';
import { registerScimRoutes } from './modules/organizations/scim.routes.js';
import { createScimService } from './modules/organizations/scim.service.js';
import { createScimGroupsService } from './modules/organizations/scimGroups.service.js';
import type { SlackConfig } from './modules/organizations/slack.config.js';
import { registerSlackRoutes } from './modules/organizations/slack.routes.js';
import { createSlackService } from './modules/organizations/slack.service.js';
import { registerSsoRoutes } from './modules/organizations/sso.routes.js';
import { createSsoService } from './modules/organizations/sso.service.js';
import { createSubscriptionSalesService } from './modules/organizations/subscriptionSales.service.js';
import { createIndexPage, type IndexPage } from './modules/pagemeta/pagemeta.page.js';
import { createPageMetaService } from './modules/pagemeta/pagemeta.service.js';
import type { WebManifest } from './modules/prerender/prerender.assets.js';
import { createPrerenderService } from './modules/prerender/prerender.service.js';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes.js';
import { createPrivacyService } from './modules/privacy/privacy.service.js';
import { registerProgressRoutes } from './modules/progress/progress.routes.js';
import { createProgressService } from './modules/progress/progress.service.js';
import { registerProjectEditorRoutes } from './modules/projects/projectEditor.routes.js';
import { createProjectEditorService } from './modules/projects/projectEditor.service.js';
import { createProjectLiveWorks } from './modules/projects/projects.live.js';
import { registerProjectsRoutes } from './modules/projects/projects.routes.js';
import { createProjectsService } from './modules/projects/projects.service.js';
import { registerProofreadingRoutes } from './modules/proofreading/proofreading.routes.js';
import { createProofreadingService } from './modules/proofreading/proofreading.service.js';
import { registerNudgesRoutes } from './modules/reader/nudges.routes.js';
import { createNudgesService } from './modules/reader/nudges.service.js';
import { registerReaderRoutes } from './modules/reader/reader.routes.js';
import { createReaderService } from './modules/reader/reader.service.js';
import { registerShotsRoutes } from './modules/shots/shots.routes.js';
import { createShotsService } from './modules/shots/shots.service.js';
import { registerSlidesRoutes } from './modules/slides/slides.routes.js';
import { createSlidesService } from './modules/slides/slides.service.js';
import { registerSpaRoutes } from './modules/spa/spa.routes.js';
import { registerUserDataRoutes } from './modules/userdata/userdata.routes.js';
import { createUserDataService } from './modules/userdata/userdata.service.js';
import { registerWorkRoutes } from './modules/work/work.routes.js';
import { createWorkService, type WorkDocumentChange } from './modules/work/work.service.js';
import { createSessionStore } from './platform/auth/sessions.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { AppConfig } from './platform/config.js';
import { createChangeFeed } from './platform/db/changes.js';
import type { Database } from './platform/db/database.js';
import { registerConditionalGet } from './platform/http/conditionalGet.js';
import { AppError, PlatformMessages, registerErrorHandler } from './platform/http/errors.js';
import { answerFrameworkError, registerInputEncodingGuard } from './platform/http/inputEncoding.js';
import { COMPRESS_THRESHOLD_BYTES, compressBody, negotiateEncoding } from './platform/http/preparedJson.js';
import { createRateLimiter } from './platform/http/rateLimit.js';
import { addRouteOnSend } from './platform/http/routeHooks.js';
import { registerRequestSecurity, registerSecurityHeaders } from './platform/http/security.js';
import { createJobQueue } from './platform/jobs/jobs.js';
import { loggerOptions } from './platform/logging.js';
import type { Mailer } from './platform/mail/mailer.js';
import { createTopic } from './platform/realtime/topic.js';

export const APP_VERSION = '0.1.0';

export interface AppDeps {
  /** Image uploads are registered when the config names a storage (main passes the whole config). */
  config: Pick<AppConfig, 'publicUrl' | 'webDistDir' | 'trustProxy' | 'logLevel'> &
    Partial<
      Pick<
        AppConfig,
        | 'dataDir'
        | 'storage'
        | 'uploadSigningSecret'
        | 'ffmpegPath'
        | 'ffprobePath'
        | 'logFormat'
        | 'assessmentRetakeCoolDownMinutes'
        | 'ai'
        | 'collabRedis'
      >
    >;
  database: Database;
  mailer: Mailer;
  /** The code runner; without it the code-execution routes are not registered (tests of other modules). */
  runner?: Runner;
  /** Live instances (cloud labs, spec §7); without a driver the /api/instances routes are not registered. */
  instances?: LiveInstanceDriver;
  /** Organization memberships for can_access_cloudlabs; by default the organizations module's (tests may set it). */
  cloudLabAccess?: CloudLabsDeps['cloudLabAccess'];
  clock?: Clock;
  /** The payment processor adapter; the embedded sandbox when absent (docs/commerce.md). */
  paymentProcessor?: PaymentProcessorAdapter;
  /** Stripe's webhook signing secret; the webhook route exists only with it (docs/commerce.md). */
  stripeWebhookSecret?: string;
  /** The server's Slack app (SLACK_CLIENT_ID…); without it organizations cannot connect Slack. */
  slack?: SlackConfig | null;
  /** Runs the job worker in this process (default true); false for a process that only serves requests. */
  runJobs?: boolean;
  /**
   * The collaborative-editing WebSocket (docs/deploy.md): `serve` (default) with the rest of the API,
   * `none` when a proxy sends it to collab processes (COLLAB=off), `only` for ROLE=collab, which answers
   * that path and `/api/health` and nothing else.
   */
  collab?: 'serve' | 'none' | 'only';
  /** Queues the monthly author-payout close at the worker's start (main.ts; tests that need it). */
  schedulePayouts?: boolean;
  /** Domains of school e-mail addresses for the student plan (STUDENT_EMAIL_DOMAINS; docs/growth.md). */
  studentEmailDomains?: readonly string[];
  /** Fastify logger options; false silences logs (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is registered: the route-walking test reads the whole table from it. */
  onRoute?: (route: RouteOptions) => void;
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
    frameworkErrors: answerFrameworkError,
  });
  // First of all hooks: everything after it may trust that the URL and a JSON body are clean text.
  registerInputEncodingGuard(app);
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  // A collab process builds the same modules (documents load through them) but answers only its socket.
  if (deps.collab === 'only') {
    app.addHook('onRequest', (request, _reply, done) => {
      const path = request.url.split('?')[0];
      if (path === COLLAB_PATH || path === '/api/health') done();
      else done(new AppError(ErrorStatus.NotFound, PlatformMessages.NotFound));
    });
  }

  // Set when the request arrives, so every answer carries it (errors and 404s included) without an
  // onSend hook on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // gzip/brotli for JSON and the web app's files; tiny answers are not worth the CPU.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  // WebSockets share the HTTP port and the session cookie (terminals, collaborative editing).
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  await registerSecurityHeaders(app);
  registerErrorHandler(app, PAYLOAD_LIMIT_BYTES);
  registerConditionalGet(app);

  // Changes every process's caches must hear (session revocations, publishing): NOTIFY on PostgreSQL.
  const changes = createChangeFeed(database);
  app.addHook('onReady', async () => changes.start());
  app.addHook('onClose', async () => changes.stop());
  // A state-changing request answers once this process has heard its own writes' notifications, so
  // the writer's next read never meets a stale cached copy (a no-op on PGlite, which delivers at commit).
  // Added to the state-changing routes only: reads pay no hook for it.
  addRouteOnSend(
    app,
    (route) => ![route.method].flat().every((method) => method === 'GET' || method === 'HEAD'),
    async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') await changes.sync(database.db);
    },
  );
  const sessions = createSessionStore(database.db, clock, changes);
  registerRequestSecurity(app, sessions, { publicUrl: config.publicUrl });
  const rateLimiter = createRateLimiter(database.db, clock);

  app.get('/api/health', { config: { session: false } }, async () => ({
    status: 'ok' as const,
    database: database.kind,
    version: APP_VERSION,
  }));

  // Work that happens after an answer (mail today): a durable queue with an in-process worker that
  // starts and stops with the server (docs/jobs.md).
  const jobs = createJobQueue({ db: database.db, clock, log: app.log });
  if (deps.runJobs !== false) {
    app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', async () => jobs.stop());
  }

  const { users, content, entitlements, organizationAccess } = createCoreServices({
    db: database.db,
    clock,
    changes,
  });
  // Referral codes and credits (growth, docs/growth.md): sign-up records them, payments take them.
  const referrals = createReferralsService({ db: database.db, clock, publicUrl: config.publicUrl });
  const accounts = createAccountsService({
    referrals,
    enterprise: organizationAccess,
    db: database.db,
    sessions,
    rateLimiter,
    mailer: deps.mailer,
    jobs,
    clock,
    publicUrl: config.publicUrl,
    commerceInfo: entitlements.userInfo,
    changes,
    // The SSO service is made further down (it signs people in through accounts).
    ssoOnly: (email) => sso.requiresSso(email),
  });
  registerAccountsRoutes(app, accounts);
  registerMailboxRoutes(app, createMailboxService({ db: database.db, accounts }));
  const features = createFeaturesService({ db: database.db, clock, isB2bUser: organizationAccess.isB2bUser });
  registerFeaturesRoutes(app, features);
  // The work area: projects, documents, tasks, reviews, scheduled reports (docs/work.md).
  const workRightsChanged = createTopic<{ itemId: number }>();
  const workDocumentChanged = createTopic<WorkDocumentChange>();
  const work = createWorkService({
    rightsChanged: workRightsChanged,
    documentChanged: workDocumentChanged,
    // Created further down with the organizations; only called while answering requests, after start.
    notify: (executor, events) => notifications.notify(executor, events),
    // Items made while the user works inside an organization belong to it (docs/work.md).
    activeOrganizationId: async (userId) =>
      (await organizationAccess.activeMembership(userId))?.organization.id ?? null,
    db: database.db,
    clock,
    users,
    jobs,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    // A plan covering the work area (Work 250 and above) lifts the free limits (docs/work.md).
    hasWorkSubscription: (userId, executor) => entitlements.hasFeatureSet(userId, FeatureSet.Work, executor),
    workOrganization: organizationAccess.workOrganization,
  });
  registerWorkRoutes(app, work);
  if (deps.runJobs !== false) {
    // The catch-up sweep of scheduled reports missed while no worker ran (docs/work.md). It does not hold
    // up the start: reports are independent, and each run is safe to repeat.
    app.addHook('onReady', async () => {
      work.runDueReports().catch((error: unknown) => app.log.error({ err: error }, 'report catch-up failed'));
    });
  }
  const progress = createProgressService({
    db: database.db,
    clock,
    content,
    users,
    changes,
    // Plans are made further down; a failure there never fails the learner's completion.
    onCompletionChanged: (userId) =>
      plans
        .learnerProgressChanged(userId)
        .catch((error: unknown) => app.log.error({ err: error }, 'plan completion check failed')),
  });
  const reader = createReaderService({ content, progress, organizations: organizationAccess });
  registerReaderRoutes(app, reader);
  // The reader's nudges: what each learner was shown, clicked or dismissed (docs/reader-calls.md).
  registerNudgesRoutes(app, createNudgesService({ db: database.db, clock, rateLimiter }));
  // Marketing pages, the blog, its feeds and the site map (docs/marketing.md).
  const marketing = createMarketingService({
    db: database.db,
    clock,
    jobs,
    mailer: deps.mailer,
    rateLimiter,
    publicUrl: config.publicUrl,
  });
  registerMarketingRoutes(app, marketing, {
    publicUrl: config.publicUrl,
    cataloguePaths: () => reader.cataloguePaths(),
  });
  // Studio changes that open live documents follow at once (collaborative editing).
  const draftEvents = {
    rightsChanged: createTopic<DraftRightsChange>(),
    pageWritten: createTopic<DraftPageWrite>(),
  };
  const authoring = createAuthoringService({ db: database.db, content, ...draftEvents, runner: deps.runner });
  registerAuthoringRoutes(app, authoring);
  registerVersionsRoutes(app, createVersionsService({ content, authoring }));
  // Answers ("shots"): collections of work type answer with one page (docs/answers.md).
  registerShotsRoutes(
    app,
    createShotsService({ db: database.db, clock, content, users, snapshots: authoring }),
  );
  // Proofreading of articles (answers): passes of suggestions the author incorporates (docs/proofreading.md).
  registerProofreadingRoutes(
    app,
    createProofreadingService({
      db: database.db,
      clock,
      content,
      users,
      snapshots: authoring,
      // Created further down with the organizations; only called while answering requests, after start.
      notify: (executor, events) => notifications.notify(executor, events),
    }),
  );
  const collab = createCollabService({
    db: database.db,
    clock,
    content,
    authoring,
    workDocuments: work.liveDocuments,
  });
  if (deps.collab !== 'none') {
    registerCollabRoutes(app, collab, config, { ...draftEvents, workRightsChanged, workDocumentChanged });
  }
  // Documents open on other processes hear this one's studio changes, and the reverse (collab.relay.ts).
  const { collabRedis } = config;
  if (collabRedis) {
    let relay: CollabRelay | null = null;
    app.addHook('onReady', async () => {
      relay = await startCollabRelay(
        collabRedis,
        { ...draftEvents, workRightsChanged } as RelayedTopics,
        (message, error) => app.log.error({ err: error }, message),
      );
    });
    app.addHook('onClose', async () => relay?.close());
  }
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
  registerProgressRoutes(app, progress, work.setStarred);
  // Plans, checkout and payments through the embedded sandbox processor (docs/commerce.md).
  const processor = deps.paymentProcessor ?? createSandboxProcessor();
  // Sandbox cards are test numbers; a real adapter uses its provider's fingerprint instead.
  const CARD_FINGERPRINT_SECRET = 'coderoom-sandbox-card-fingerprint';
  const receipts = createReceiptsService({
    db: database.db,
    jobs,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
  });
  const renewals = createRenewalsService({
    db: database.db,
    clock,
    processor,
    jobs,
    mailer: deps.mailer,
    queueReceipt: receipts.queueReceipt,
    referralCredit: referrals,
  });
  const coupons = createCouponsService({ db: database.db, clock });
  // Gifts, reactivation, certificate purchases, seats and enterprise purchases (docs/commerce.md).
  const gifts = createGiftsService({
    db: database.db,
    clock,
    jobs,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    coupons,
    scheduleRenewal: renewals.schedule,
  });
  const extendedCheckouts = createExtendedCheckoutsService({
    db: database.db,
    clock,
    content,
    gifts,
    organizations: createSubscriptionSalesService({ db: database.db }),
    certificates: progress,
    scheduleRenewal: renewals.schedule,
    queueAccountSetupIn: accounts.queueAccountSetupIn,
  });
  const settlement = createSettlementService({
    db: database.db,
    clock,
    scheduleRenewal: renewals.schedule,
    queueReceipt: receipts.queueReceipt,
    revokeCertificate: progress.revokeCertificateIn,
    applyReferralCredit: referrals.applyCreditIn,
    extended: extendedCheckouts.settlement,
  });
  const refunds = createRefundsService({ db: database.db, processor, settlement, users });
  registerSettlementRoutes(app, receipts, refunds);
  // The admin refund screen and author payouts (docs/commerce.md).
  registerAdminRefundRoutes(app, createAdminRefundsService({ db: database.db, clock, refunds, users }));
  const payouts = createPayoutsService({ db: database.db, clock, jobs });
  registerPayoutRoutes(app, payouts);
  if (deps.runJobs !== false && deps.schedulePayouts) app.addHook('onReady', () => payouts.schedule());
  registerWebhookRoutes(
    app,
    createWebhooksService({ db: database.db, clock, settlement }),
    deps.stripeWebhookSecret
      ? createStripeWebhookVerifier({ secret: deps.stripeWebhookSecret, clock, processor })
      : undefined,
  );
  registerCouponRoutes(app, coupons);
  registerGiftRoutes(app, gifts);
  registerCommerceRoutes(
    app,
    createCheckoutService({
      db: database.db,
      clock,
      processor,
      entitlements,
      content,
      fingerprintSecret: CARD_FINGERPRINT_SECRET,
      settlement,
      coupons,
      buyerAccounts: accounts,
      rateLimiter,
      referralCredit: referrals.creditFor,
      extended: extendedCheckouts,
    }),
    renewals,
    createPaymentMethodsService({
      db: database.db,
      clock,
      processor,
      fingerprintSecret: CARD_FINGERPRINT_SECRET,
    }),
  );
  // Growth tracking: events, attribution, the analytics segment (docs/growth.md).
  registerGrowthRoutes(app, {
    tracking: createTrackingService({
      db: database.db,
      clock,
      rateLimiter,
      sources: {
        commerceInfo: entitlements.userInfo,
        organizations: async (userId) => (await organizationAccess.enterpriseBlock(userId)).organizations,
      },
    }),
    referrals,
    affiliates: createAffiliatesService({ db: database.db, clock, publicUrl: config.publicUrl, users }),
    revenue: createRevenueService({ db: database.db, clock, users }),
  });
  // The student plan of /github-students (docs/growth.md "Student plan").
  registerStudentRoutes(
    app,
    createStudentsService({
      db: database.db,
      clock,
      jobs,
      mailer: deps.mailer,
      plans: createComplimentaryPlansService({ db: database.db, clock }),
      schoolDomains: deps.studentEmailDomains ?? DEFAULT_STUDENT_EMAIL_DOMAINS,
      publicUrl: config.publicUrl,
    }),
  );
  registerNotesRoutes(app, createNotesService({ db: database.db, clock, content }));
  registerCommentsRoutes(app, createCommentsService({ db: database.db, clock, content, accounts }));
  registerUserDataRoutes(app, createUserDataService({ db: database.db, clock, widgets: content }));
  // A learner's place in a lesson's slides, kept with the lesson's other widget user data.
  registerSlidesRoutes(app, createSlidesService({ widgets: content, widgetData: progress }));
  registerGoalsRoutes(app, createGoalsService({ db: database.db, clock }));
  // Organizations, teams, assignments and the in-app notifications they send (docs/organizations.md).
  const notifications = createNotificationsService({
    db: database.db,
    clock,
    mail: { jobs, mailer: deps.mailer, publicUrl: config.publicUrl },
    // Created further down with the organizations; only called while answering requests, after start.
    forward: (executor, events) => slack.forward(executor, events),
  });
  registerNotificationsRoutes(app, notifications);
  const organizations = createOrganizationsService({
    db: database.db,
    clock,
    jobs,
    access: organizationAccess,
    content,
    progress,
    notifications,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
  });
  registerOrganizationsRoutes(app, organizations);
  const plans = createPlansService({
    db: database.db,
    clock,
    access: organizationAccess,
    content,
    notifications,
    progress,
  });
  registerPlansRoutes(app, plans);
  registerMentoringRoutes(
    app,
    createMentoringService({
      db: database.db,
      clock,
      access: organizationAccess,
      plans,
      assignments: organizations,
      notifications,
    }),
  );
  // Single sign-on per organization (OIDC, SAML) and SCIM provisioning (docs/organizations.md).
  const sso = createSsoService({
    db: database.db,
    clock,
    access: organizationAccess,
    accounts,
    sessions,
    notifications,
    publicUrl: config.publicUrl,
  });
  registerSsoRoutes(app, sso, config.publicUrl);
  // Slack and Confluence for organizations (docs/organizations.md, "Integrations").
  const slack = createSlackService({
    db: database.db,
    clock,
    access: organizationAccess,
    jobs,
    config: deps.slack ?? null,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  registerSlackRoutes(app, slack);
  registerConfluenceRoutes(
    app,
    createConfluenceService({
      db: database.db,
      clock,
      access: organizationAccess,
      content,
      jobs,
      log: app.log,
    }),
  );
  registerScimRoutes(
    app,
    createScimService({
      db: database.db,
      clock,
      notifications,
      endSessions: sso.endSessions,
      publicUrl: config.publicUrl,
    }),
    createScimGroupsService({ db: database.db, clock, notifications, publicUrl: config.publicUrl }),
  );
  // Account settings, onboarding and data requests (docs/account.md).
  const accountSettings = createAccountSettingsService({
    db: database.db,
    rateLimiter,
    mailer: deps.mailer,
    clock,
    publicUrl: config.publicUrl,
    sessions,
  });
  registerSettingsRoutes(app, accountSettings);
  registerOnboardingRoutes(app, createOnboardingService({ settings: accountSettings, content }));
  const media = await registerMedia(app, config, {
    db: database.db,
    clock,
    content,
    profiles: accountSettings,
    workDocuments: { requireEditor: work.requireDocumentEditor },
    jobs,
    log: app.log,
  });
  registerPrivacyRoutes(
    app,
    createPrivacyService({
      db: database.db,
      clock,
      mailer: deps.mailer,
      rateLimiter,
      settings: accountSettings,
      media,
    }),
  );
  registerAssessmentsRoutes(
    app,
    createAssessmentsService({
      db: database.db,
      clock,
      content,
      users,
      runner: deps.runner,
      ...(config.assessmentRetakeCoolDownMinutes === undefined
        ? {}
        : { retakeCoolDownMs: config.assessmentRetakeCoolDownMinutes * 60_000 }),
    }),
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
  const answerModel = config.ai ? createAnswerModel(config.ai) : null;
  registerAiRoutes(
    app,
    features,
    createAiService({
      db: database.db,
      clock,
      rateLimiter,
      log: app.log,
      content,
      model: answerModel,
      embedder: config.ai ? createEmbedder(config.ai) : null,
      jobs,
    }),
    deps.runner
      ? {
          reviews: createReviewService({
            db: database.db,
            clock,
            runner: deps.runner,
            rateLimiter,
            widgets: content,
          }),
          tutor: createTutorService({
            db: database.db,
            clock,
            runner: deps.runner,
            rateLimiter,
            model: answerModel,
            widgets: content,
            collections: content,
            log: app.log,
          }),
        }
      : undefined,
  );
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
        documents: createLessonLiveDocuments(content),
      })
    : undefined;
  const cloudLabs = createCloudLabsService({
    db: database.db,
    clock,
    content,
    cloudLabAccess: deps.cloudLabAccess ?? organizationAccess.cloudLabAccess,
    instances: containers,
  });
  if (containers) registerContainersRoutes(app, containers, { publicUrl: config.publicUrl });
  registerCloudLabsRoutes(app, cloudLabs);
  registerCloudLabEditorRoutes(app, createCloudLabEditorService({ db: database.db, clock, content }));

  registerWebApp(app, config.webDistDir, (indexHtml, serverEntry) =>
    createIndexPage(
      indexHtml,
      createPageMetaService({ content, editorPages: marketing }),
      config.publicUrl,
      serverEntry === null
        ? null
        : createPrerenderService({
            entryPath: serverEntry.entry,
            manifest: serverEntry.manifest,
            readAsset: serverEntry.readAsset,
            // The page's data as a visitor without cookies gets it, from this process's own routes.
            api: async (apiPath) => {
              const answer = await app.inject({
                method: 'GET',
                url: apiPath,
                headers: { accept: 'application/json' },
              });
              const empty = answer.statusCode === 204 || answer.statusCode === 304;
              return new Response(empty ? null : answer.rawPayload, {
                status: answer.statusCode,
                headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
              });
            },
            changes,
            clock,
            onError: (error, pathname) => app.log.warn({ err: error, pathname }, 'server rendering failed'),
          }),
    ),
  );
  return app;
}

/**
 * Serves the built SPA; unknown /api paths stay JSON 404s, every other GET gets index.html with the
 * page's own title, description and Open Graph tags (modules/pagemeta), and for a visitor without a
 * session, public pages rendered on the server when the web app's server build is there (modules/prerender).
 */
function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | null,
  indexPageOf: (
    indexHtml: string,
    serverEntry: { entry: string; manifest: WebManifest; readAsset: (file: string) => string } | null,
  ) => IndexPage,
): void {
  const hasWeb = webDistDir !== null && existsSync(path.join(webDistDir, 'index.html'));
  // `vite build --ssr` writes the server's entry beside the browser's build (apps/web/dist-ssr).
  const webDir = webDistDir ?? '';
  const entry = path.join(webDir, '..', 'dist-ssr', 'entry-server.js');
  const manifest = path.join(webDir, '.vite', 'manifest.json');
  const serverEntry =
    hasWeb && existsSync(entry) && existsSync(manifest)
      ? {
          entry,
          manifest: JSON.parse(readFileSync(manifest, 'utf8')) as WebManifest,
          readAsset: (file: string) => readFileSync(path.join(webDir, file), 'utf8'),
        }
      : null;
  const indexPage = hasWeb
    ? indexPageOf(readFileSync(path.join(webDistDir, 'index.html'), 'utf8'), serverEntry)
    : null;
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
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new AppError(ErrorStatus.NotFound, PlatformMessages.ApiRouteNotFound);
    }
    if (indexPage && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname)) {
      const cookies = request.cookies;
      const isVisitor = !cookies[SESSION_COOKIE] && !cookies[LOGGED_IN_COOKIE];
      const search = request.url.slice(pathname.length);
      const html = Buffer.from(await indexPage({ pathname, search, isVisitor }), 'utf8');
      // Not a route, so the compression plugin's hooks do not run here, and a rendered page is tens of KB.
      const encoding =
        html.length >= COMPRESS_THRESHOLD_BYTES
          ? negotiateEncoding(request.headers['accept-encoding'])
          : null;
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie, accept-encoding')
        .type('text/html; charset=utf-8');
      if (encoding === null) return reply.send(html);
      return reply.header('content-encoding', encoding).send(compressBody(html, encoding));
    }
    throw new AppError(ErrorStatus.NotFound, PlatformMessages.NotFound);
  });
}
