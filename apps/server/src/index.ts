// What other workspaces (bench, tools) may use from the server package.
export { type AppDeps, buildApp } from './app.js';
export { type Database, openDatabase, openPglite, openPostgres } from './platform/db/database.js';
export { migrate } from './platform/db/migrate.js';
export { createMailer } from './platform/mail/mailer.js';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed/demo.js';
