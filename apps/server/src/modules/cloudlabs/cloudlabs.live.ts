import type { LiveWorkSource } from '../containers/containers.service.js';
import type { CloudLabsService } from './cloudlabs.service.js';

// Cloud labs as the containers module sees them: allocating with work_type standalone_cloud_lab reads the
// lab's image, starter files and the learner's variables from here, never from the browser.
export function createCloudLabLiveWorks(
  labs: Pick<CloudLabsService, 'liveWork'>,
): Pick<LiveWorkSource, 'find'> {
  return { find: (userId, ref) => labs.liveWork(userId, ref) };
}
