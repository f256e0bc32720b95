import type { LiveContainerState, LiveSandboxKind } from '@coderoom/domain';
import type { DockerJob } from './dockerConfig.js';

export interface LiveInstanceRecord {
  instanceId: string;
  userId: number;
  authorId: string;
  workId: string;
  pageId: string | null;
  /** What the sandbox is for and its title, so a refusal can name it ('project "X"'). */
  kind: LiveSandboxKind;
  title: string | null;
  imageName: string;
  requestId: string;
  state: LiveContainerState;
  createdAt: Date;
  lastActivityAt: Date;
  /** The configuration's jobs, run by update-app; never presented (scripts are the author's). */
  jobs: DockerJob[];
}

/** One entry of GET /api/instances (keyed by instance id). */
export function presentInstance(record: LiveInstanceRecord) {
  return {
    instance_id: record.instanceId,
    author_id: record.authorId,
    work_id: record.workId,
    page_id: record.pageId,
    kind: record.kind,
    title: record.title,
    image_name: record.imageName,
    vm_status: record.state,
    request_id: record.requestId,
    created_at: record.createdAt.toISOString(),
    last_activity_at: record.lastActivityAt.toISOString(),
  };
}
