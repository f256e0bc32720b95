// What other workspaces (bench, tools) may use from the server package.
export { type AppDeps, buildApp } from './app.js';
export { createCoreServices } from './coreServices.js';
export { createEmbedder } from './modules/ai/ai.embeddings.js';
export { createAnswerModel } from './modules/ai/ai.model.js';
export { createAiService } from './modules/ai/ai.service.js';
export { readAiModel } from './platform/config.js';
export { type Database, openDatabase, openPglite, openPostgres } from './platform/db/database.js';
export { migrate } from './platform/db/migrate.js';
export { createRateLimiter } from './platform/http/rateLimit.js';
export { createJobQueue } from './platform/jobs/jobs.js';
export { createMailer } from './platform/mail/mailer.js';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed/demo.js';
// The stand-in embedding model of tests, also served by bench:ai's fake endpoint.
export { fakeEmbeddingsResponse } from './test/fakeEmbeddings.js';
