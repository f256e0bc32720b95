import { LiveAppLimits, LiveContainerState } from '@coderoom/domain';
import { z } from 'zod';

// Live instances (spec 000 §7 /api/instances; docs/containers.md): allocation, live tests, and the
// terminal socket's messages. The app proxy relays the learner's own answers and has no schema.

const optionalId = z.union([z.string(), z.number()]).nullable().optional();

/** POST /api/instances/{authorId}/{workId}/allocate. */
export const AllocateInstanceRequestSchema = z.strictObject({
  work_type: z.string().optional(),
  page_type: z.string().optional(),
  draft: z.boolean().optional(),
  container_info: z.string().nullable().optional(),
  page_id: optionalId,
  sub_document_id: optionalId,
  comp_type: z.string().optional(),
});
export type AllocateInstanceRequest = z.infer<typeof AllocateInstanceRequestSchema>;

/**
 * POST /api/instances/{workType}/{authorId}/{workId}/allocate-android. No emulator runs on our hosts, so a
 * readable work always answers allocation failed (docs/containers.md "Android").
 */
export const AllocateAndroidRequestSchema = z.strictObject({
  draft: z.boolean().optional(),
  emulator: z.string().max(64, 'must be at most 64 characters').optional(),
  page_id: optionalId,
  comp_id: z.string().max(64, 'must be at most 64 characters').nullable().optional(),
  comp_type: z.string().max(32, 'must be at most 32 characters').optional(),
});
export type AllocateAndroidRequest = z.infer<typeof AllocateAndroidRequestSchema>;

/** `{}` when the author or work id is missing. */
export const AllocateInstanceResponseSchema = z.object({
  vm_status: z.string().optional(),
  request_id: z.string().optional(),
  instance_id: z.string().optional(),
  vm_password: z.string().optional(),
});
export type AllocateInstanceResponse = z.infer<typeof AllocateInstanceResponseSchema>;

/** GET …/image/status and …/int-daemon/status. */
export const InstanceStepStatusSchema = z.object({ status: z.string(), request_id: z.string() });

/**
 * POST /api/instances/{id}/update-app: the learner's files, written into the running instance, then the
 * Docker configuration's job (`job` = its key; without it the first job that runs in the live container).
 */
export const UpdateAppRequestSchema = z.strictObject({
  files: z
    .array(
      z.strictObject({
        path: z.string().min(1).max(LiveAppLimits.maxPathLength),
        content: z.string(),
      }),
    )
    .max(LiveAppLimits.maxFiles)
    .default([]),
  job: z.string().min(1).max(100).optional(),
});
export type UpdateAppRequest = z.infer<typeof UpdateAppRequestSchema>;

/** `message` is the spec's text of a failure; `output` is what the job printed. */
export const UpdateAppResponseSchema = z.object({
  status: z.enum([LiveContainerState.Updated, LiveContainerState.UpdateFailed]),
  request_id: z.string(),
  output: z.string().optional(),
  message: z.string().optional(),
});
export type UpdateAppResponse = z.infer<typeof UpdateAppResponseSchema>;

export const PingAppQuerySchema = z.object({
  port: z.coerce.number().int(),
  request_id: z.string().optional(),
});

/** GET /api/instances/{id}/ping-app?port=: whether the learner's app answers on that port. */
export const PingAppResponseSchema = z.object({
  status: z.enum([
    LiveContainerState.Running,
    LiveContainerState.PingAppFailed,
    LiveContainerState.NoResponse,
  ]),
  request_id: z.string(),
  message: z.string().optional(),
});
export type PingAppResponse = z.infer<typeof PingAppResponseSchema>;

/** POST /api/instances/{a}/{w}/{page}/{doc}/run_tests; document_type `project` runs a project task's tests. */
export const LiveTestsRequestSchema = z.strictObject({
  document_type: z.string().optional(),
  is_editor: z.boolean().optional(),
  container_info: z.string().nullable().optional(),
  is_debug_mode: z.boolean().optional(),
});
export type LiveTestsRequest = z.infer<typeof LiveTestsRequestSchema>;

export const LiveTestsResponseSchema = z.object({
  testing_container_status: z.string(),
  attempt_count: z.number(),
  request_id: z.string(),
});
export type LiveTestsResponse = z.infer<typeof LiveTestsResponseSchema>;

export const LiveTestResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  passed: z.boolean(),
  exit_code: z.number().nullable(),
  output: z.string(),
});
export type LiveTestResult = z.infer<typeof LiveTestResultSchema>;

/** GET …/test-results: 100 pending, 101 completed, 102 timed out. */
export const TestResultsResponseSchema = z.object({
  live_test_status: z.union([z.literal(100), z.literal(101), z.literal(102)]),
  results: z.object({ tests: z.array(LiveTestResultSchema), error: z.string().optional() }),
  request_id: z.string(),
});
export type TestResultsResponse = z.infer<typeof TestResultsResponseSchema>;

/** Browser → server on /api/instances/{id}/terminal (text frames); output comes back as binary frames. */
export const TerminalClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('input'), data: z.string().max(64 * 1024) }),
  z.strictObject({
    type: z.literal('resize'),
    cols: z.number().int().min(2).max(1000),
    rows: z.number().int().min(2).max(500),
  }),
]);
export type TerminalClientMessage = z.infer<typeof TerminalClientMessageSchema>;

/** Server → browser before it closes the socket: the shell ended, or the instance went away. */
export const TerminalExitMessageSchema = z.object({
  type: z.literal('exit'),
  reason: z.enum(['terminated', 'force_closed']),
  exit_code: z.number().nullable(),
});
export type TerminalExitMessage = z.infer<typeof TerminalExitMessageSchema>;

/** Server → browser while the socket is open: the instance hit one of its limits (workspace event). */
export const TerminalLimitMessageSchema = z.object({
  type: z.literal('limit'),
  limit: z.enum(['memory', 'processes', 'disk']),
  message: z.string(),
});
export type TerminalLimitMessage = z.infer<typeof TerminalLimitMessageSchema>;

/** Close codes of the terminal socket: the shell exited, or the server ended the session. */
export const TerminalCloseCode = { Terminated: 4000, ForceClosed: 4001 } as const;

/** The app proxy's path for a port of an instance (the trailing slash keeps relative links inside it). */
export function appProxyPath(instanceId: string, port: number): string {
  return `/api/instances/${encodeURIComponent(instanceId)}/app/${port}/`;
}

/**
 * POST /api/instances/{id}/desktop: starts the desktop of a desktop instance (or finds it running) at the
 * VNC widget's size; the browser then opens GET /api/instances/{id}/vnc (docs/widgets.md "VNC").
 */
export const DesktopStartRequestSchema = z.strictObject({
  width: z.number().int().min(320).max(1920).default(1024),
  height: z.number().int().min(240).max(1200).default(768),
});
export type DesktopStartRequest = z.infer<typeof DesktopStartRequestSchema>;

export const DesktopStartResponseSchema = z.object({ status: z.literal('running') });
export type DesktopStartResponse = z.infer<typeof DesktopStartResponseSchema>;
