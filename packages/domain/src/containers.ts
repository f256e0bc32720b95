// Spec 000 §3, §4, §5, §7, §8, §9: live containers, docker configuration and live tests.

export const LiveContainerState = {
  Offline: 'offline',
  Allocating: 'allocating',
  Allocated: 'allocated',
  AllocationFailed: 'allocation failed',
  WaitingForDaemon: 'waiting for daemon',
  Pulling: 'pulling',
  Pulled: 'pulled',
  PullFailed: 'pull failed',
  DaemonFailed: 'daemon failed',
  Updating: 'updating',
  Updated: 'updated',
  UpdateFailed: 'update failed',
  PingAppFailed: 'ping app failed',
  NoResponse: 'no response',
  Running: 'running',
} as const;
export type LiveContainerState = (typeof LiveContainerState)[keyof typeof LiveContainerState];

export const FAILURE_CONTAINER_STATES: readonly LiveContainerState[] = [
  LiveContainerState.AllocationFailed,
  LiveContainerState.DaemonFailed,
  LiveContainerState.UpdateFailed,
];
export const READY_CONTAINER_STATES: readonly LiveContainerState[] = [
  LiveContainerState.Running,
  LiveContainerState.Updated,
];

export const SocketState = {
  Offline: 'offline',
  Connected: 'connected',
  Disconnected: 'disconnected',
  Terminated: 'terminated',
  ForceClosed: 'force closed',
} as const;

export const ContainerBuildStatus = {
  Uploading: 'uploading',
  Pending: 'pending',
  Success: 'success',
  Failure: 'failure',
  Rebuilding: 'rebuilding',
} as const;

export const LiveTestStatus = { Pending: 100, Completed: 101, TimedOut: 102 } as const;

/** Run tests answers a container status; anything but allocated counts as allocation failed. */
export function testingContainerState(status: string): LiveContainerState {
  return status === LiveContainerState.Allocated
    ? LiveContainerState.Allocated
    : LiveContainerState.AllocationFailed;
}

export const DockerVersion = { Known: ['5.0', '6.0', '7.0'], Current: '8.0' } as const;
export const CONTAINER_SCHEMA_VERSION = 3;

export const DOCKER_IMAGE_NAME_INVALID = 'Docker image name is invalid';

export function isValidDockerImageName(name: string): boolean {
  return name.split('/').length === 3;
}

/** Why an Android allocation fails here; sent as `errors.emulator` beside the spec's allocation-failed text. */
export const ANDROID_UNAVAILABLE_REASON =
  'Android emulators cannot run on this server: they need hardware virtualisation (KVM), which it does not have.';

/** Devices an Android widget names as its `emulator` (the allocate-android body's field, spec 000 §7). */
export const ANDROID_DEVICES = [
  { name: 'pixel_7_api_34', label: 'Pixel 7, Android 14 (API 34)' },
  { name: 'pixel_tablet_api_34', label: 'Pixel Tablet, Android 14 (API 34)' },
] as const;

export const ContainerMessages = {
  AllocationFailed: 'Resources allocation failed!',
  PullFailed: 'Failed to pull image!',
  ConfigureFailed: 'Failed to configure live container!',
  UpdateFailed: 'Failed to update app with your code!',
  PingFailed: 'Failed to ping the app!',
  NoResponse: 'App failed to respond!',
  AppNotResponding: 'Your app is not responding, please follow the provided instructions.',
  TestExecutionFailure: 'Test execution failure. Please try again.',
  MaxLiveTestTime: 'Max time-limit reached for Live Testing.',
  AppRefused: 'Your app refused to connect.',
  NoAppFound: 'No app found against id:',
  RunTestsIdsRequired: 'authorId , workId are required!',
  PollingParamsRequired: 'Document Type and Attempt Count are required!',
  SecondCloudLab: 'A second cloud lab cannot be started while one is running.',
} as const;

/**
 * The desktop of a live instance (the VNC widget, docs/widgets.md "VNC"). The spec names the widget only;
 * these texts are ours.
 */
export const DesktopMessages = {
  NoDesktop: 'This sandbox has no desktop: it was started for another widget of this course.',
  StartFailed: 'The desktop could not be started.',
  NotRunning: 'The desktop is not running.',
  OriginRefused: 'A desktop can only be opened from a Coderoom page.',
} as const;

/** The VNC server inside a desktop instance, and the WebSocket close codes of the desktop relay. */
export const DesktopCloseCode = {
  /** The desktop (its VNC server) closed the connection or the instance stopped. */
  Ended: 4000,
  /** Nothing answers on the desktop's port: it is not running. */
  NotRunning: 4001,
} as const;

/**
 * The cloud lab workspace event "limit exceeded" (spec §4): which limit of the learner's instance was hit.
 * The texts are ours (the spec names the event, not its wording).
 */
export const InstanceLimit = { Memory: 'memory', Processes: 'processes', Disk: 'disk' } as const;
export type InstanceLimit = (typeof InstanceLimit)[keyof typeof InstanceLimit];

export function limitExceededMessage(limit: InstanceLimit, amount: number): string {
  if (limit === InstanceLimit.Memory)
    return `A process in your lab ran out of memory (limit ${amount} MiB) and was stopped.`;
  if (limit === InstanceLimit.Processes)
    return `Your lab reached its limit of ${amount} processes; new ones are refused until others end.`;
  return `Your lab's disk is full (${amount} MiB); delete files to make room.`;
}

/**
 * Live sandboxes a learner may keep at once (a project and a cloud lab side by side). The spec's rule of one
 * cloud lab at a time holds within it. docs/containers.md "Several sandboxes per learner".
 */
export const LIVE_SANDBOXES_PER_USER = 2;

/** What a running sandbox is for, as a refusal names it. */
export type LiveSandboxKind = 'project' | 'cloud_lab' | 'sandbox';

/** 'project "Todo API"', 'cloud lab "S3 basics"'; a sandbox started from a raw configuration has no title. */
export function liveSandboxLabel(kind: LiveSandboxKind, title: string | null): string {
  if (kind === 'sandbox' || !title) return kind === 'cloud_lab' ? 'a cloud lab' : 'a live sandbox';
  return `${kind === 'project' ? 'project' : 'cloud lab'} "${title}"`;
}

/**
 * A refusal to start a sandbox lists what may be stopped to make room in `errors`, one entry per running
 * sandbox: key `stop.{instanceId}`, value its label. The web app offers a Stop button for each.
 */
export const STOP_INSTANCE_KEY_PREFIX = 'stop.';

export const LiveSandboxMessages = {
  /** The spec's sentence, then which lab it is. */
  SecondCloudLab: (running: string) =>
    `${ContainerMessages.SecondCloudLab} Stop ${running} to start this one.`,
  AtLimit: (limit: number, running: string[]) =>
    `You can keep ${limit === 1 ? 'one live sandbox' : `${limit} live sandboxes`} at once, and ${joinNames(running)} ${running.length === 1 ? 'is' : 'are'} running. Stop one to start this one.`,
} as const;

/** 'project "X" and cloud lab "Y"'; untitled sandboxes are counted ('2 live sandboxes'), not repeated. */
function joinNames(labels: string[]): string {
  const untitled = labels.filter((label) => label === 'a live sandbox').length;
  const names = [
    ...labels.filter((label) => label !== 'a live sandbox'),
    ...(untitled > 1 ? [`${untitled} live sandboxes`] : untitled === 1 ? ['a live sandbox'] : []),
  ];
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function liveTestingFailedMessage(reason: string): string {
  return `Live testing failed. ${reason}`;
}

/**
 * The update-app and ping-app steps (docs/containers.md): how many files one update may write, how long the
 * configuration's job may run, and how long the learner's app has to answer a ping.
 */
export const LiveAppLimits = {
  maxFiles: 100,
  maxPathLength: 255,
  jobTimeoutMs: 60_000,
  pingTimeoutMs: 5000,
} as const;

export const ContainerPolling = {
  testResultTries: 150,
  testResultIntervalMs: 2000,
  instanceRetries: 4,
} as const;
