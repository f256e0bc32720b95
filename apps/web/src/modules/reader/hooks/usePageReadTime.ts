import { PageReadTimeResponseSchema } from '@coderoom/contracts';
import { useEffect } from 'react';
import { apiRequest } from '../../api/apiClient';

/** Shorter visits are page flips, not reading. */
const MIN_REPORTED_SECONDS = 5;

/**
 * Counts the seconds a lesson is on screen (a hidden tab does not count) and reports them with
 * POST /api/page/read-time when the learner leaves the lesson or the tab.
 */
export function usePageReadTime(pageId: number, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let visibleSince: number | null = document.visibilityState === 'visible' ? Date.now() : null;
    let seconds = 0;
    const pause = () => {
      if (visibleSince !== null) seconds += (Date.now() - visibleSince) / 1000;
      visibleSince = null;
    };
    const report = () => {
      pause();
      const whole = Math.round(seconds);
      if (whole < MIN_REPORTED_SECONDS) return;
      seconds = 0;
      void apiRequest('POST', '/api/page/read-time', PageReadTimeResponseSchema, {
        page_id: pageId,
        page_type: 'collection',
        page_read_time: whole,
      }).catch(() => {
        // Read time is a statistic; losing one report is not worth bothering the learner.
      });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') visibleSince = Date.now();
      else report();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      report();
    };
  }, [pageId, enabled]);
}
