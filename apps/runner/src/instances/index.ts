export {
  BwrapInstanceDriver,
  type BwrapInstanceDriverConfig,
  createBwrapInstanceDriver,
  DEFAULT_INSTANCE_LIMITS,
  INSTANCE_UID_BASE,
} from './bwrapDriver.js';
export { findProfile, INSTANCE_PROFILES, type InstanceProfile, isSafeWorkspacePath } from './profiles.js';
export * from './types.js';
