export * from './account.js';
export * from './errors.js';
export * from './routes.js';
export * from './shell.js';
export * from './validators.js';
