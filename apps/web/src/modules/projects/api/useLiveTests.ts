import { LiveTestsResponseSchema, TestResultsResponseSchema } from '@coderoom/contracts';
import { ContainerPolling, LiveTestStatus } from '@coderoom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../api/apiClient';
import { projectKeys } from './projectKeys';
import type { TaskAddress } from './TaskAddress';

/** run_tests' document type of a project task: the server runs the task's own tests. */
const DOCUMENT_TYPE = 'project';

/**
 * Run tests (spec §7): starts the task's tests in the learner's instance, then polls test-results every
 * 2000 ms (at most 150 times) until they completed or timed out. Passing tests complete the task on the
 * server, so the task is re-read afterwards.
 */
export function useLiveTests(address: TaskAddress) {
  const queryClient = useQueryClient();
  const base = `/api/instances/${address.authorId}/${address.collectionId}/${address.projectId}/${address.componentId}`;
  const [attempt, setAttempt] = useState<number | null>(null);
  const start = useMutation({
    mutationFn: () =>
      apiRequest('POST', `${base}/run_tests`, LiveTestsResponseSchema, {
        document_type: DOCUMENT_TYPE,
        is_editor: false,
      }),
    onSuccess: (answer) => setAttempt(answer.attempt_count),
  });
  const results = useQuery({
    queryKey: ['live-tests', address, attempt],
    enabled: attempt !== null,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(
        'GET',
        `${base}/test-results?document_type=${DOCUMENT_TYPE}&attempt_count=${attempt}&is_editor=false`,
        TestResultsResponseSchema,
        undefined,
        { signal },
      );
      if (answer.live_test_status !== LiveTestStatus.Pending) {
        await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      }
      return answer;
    },
    refetchInterval: (query) =>
      query.state.data?.live_test_status === LiveTestStatus.Pending &&
      query.state.dataUpdateCount < ContainerPolling.testResultTries
        ? ContainerPolling.testResultIntervalMs
        : false,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const isRunning =
    start.isPending ||
    (attempt !== null && (results.isPending || results.data?.live_test_status === LiveTestStatus.Pending));
  return {
    run: () => start.mutate(),
    isRunning,
    error: start.error ?? results.error,
    results: attempt === null ? null : (results.data ?? null),
  };
}
