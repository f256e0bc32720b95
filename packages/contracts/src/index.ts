export * from './accounts.js';
export * from './common.js';
export * from './execution.js';
