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
export {
  createInstancesHttpService,
  InstancesServiceMessages,
  type InstancesServiceOptions,
} from './remote/instancesService.js';
export { INSTANCES_HEALTH_PATH } from './remote/protocol.js';
export {
  createRemoteInstanceDriver,
  type RemoteInstanceDriverOptions,
  RemoteInstanceMessages,
} from './remote/remoteInstanceDriver.js';
export * from './types.js';
