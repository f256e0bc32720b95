export {
  BwrapInstanceDriver,
  type BwrapInstanceDriverConfig,
  createBwrapInstanceDriver,
  INSTANCE_UID_BASE,
} from './bwrapDriver.js';
export { DesktopSizeLimits, type DesktopSpec, desktopStartCommand } from './desktop.js';
export {
  createDockerInstanceDriver,
  DOCKER_INSTANCE_IMAGE,
  DOCKER_OWNER_LABEL,
  DockerInstanceDriver,
  type DockerInstanceDriverConfig,
} from './dockerDriver.js';
export { DEFAULT_INSTANCE_LIMITS } from './limits.js';
export { findProfile, INSTANCE_PROFILES, type InstanceProfile, isSafeWorkspacePath } from './profiles.js';
export * from './types.js';
