export * from './accounts.js';
export * from './common.js';
