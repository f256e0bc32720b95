import { notFound } from '../../platform/http/errors.js';
import type { LiveWorkRef, LiveWorkSource } from '../containers/containers.service.js';
import { ProjectErrors } from './projects.errors.js';
import type { ProjectsService, TaskAddress } from './projects.service.js';

// Terminal and workspace tasks as the containers module sees them: a project task is "work" whose
// instance settings and tests are read from the project (never from the browser), and whose completion
// is recorded here when its tests pass. Ids arrive as the containers API's path segments.

function addressOf(ref: LiveWorkRef): TaskAddress {
  const [authorId, collectionId, projectId, componentId] = [
    ref.authorId,
    ref.workId,
    ref.pageId,
    ref.docId,
  ].map((value) => (/^\d{1,15}$/.test(value) ? Number(value) : Number.NaN));
  if ([authorId, collectionId, projectId, componentId].some((value) => !Number.isSafeInteger(value))) {
    throw notFound(ProjectErrors.NotFound);
  }
  return {
    authorId: authorId as number,
    collectionId: collectionId as number,
    projectId: projectId as number,
    componentId: componentId as number,
  };
}

export function createProjectLiveWorks(
  projects: Pick<ProjectsService, 'liveTask' | 'recordLiveTestsPassed'>,
): LiveWorkSource {
  return {
    find: (userId, ref) => projects.liveTask(userId, addressOf(ref)),
    testsPassed: (userId, ref) => projects.recordLiveTestsPassed(userId, addressOf(ref)),
  };
}
