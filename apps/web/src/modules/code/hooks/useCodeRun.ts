import {
  type ExecuteRequest,
  ExecuteResponseSchema,
  type JudgeRequest,
  JudgeResponseSchema,
  LanguagesResponseSchema,
  type RunTestsRequest,
  RunTestsResponseSchema,
  type WidgetRunRequest,
} from '@coderoom/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '../../api/apiClient';

export function useLanguages() {
  return useQuery({
    queryKey: ['code', 'languages'],
    queryFn: () => apiRequest('GET', '/api/code/languages', LanguagesResponseSchema),
    staleTime: 10 * 60_000,
  });
}

/**
 * Run, judge and unit-test calls that the learner can cancel; cancelling closes the request, which
 * stops the sandbox. A lesson's widget sends a WidgetRunRequest naming the stored widget, so its hidden
 * code and test cases never reach the browser; the playground spells the program out.
 */
export function useCodeRun() {
  const controller = useRef<AbortController | null>(null);
  const start = () => {
    controller.current?.abort();
    controller.current = new AbortController();
    return controller.current.signal;
  };
  const execute = useMutation({
    mutationFn: (request: ExecuteRequest | WidgetRunRequest) =>
      apiRequest('POST', '/api/code/execute', ExecuteResponseSchema, request, { signal: start() }),
  });
  const judge = useMutation({
    mutationFn: (request: JudgeRequest | WidgetRunRequest) =>
      apiRequest('POST', '/api/code/judge', JudgeResponseSchema, request, { signal: start() }),
  });
  const runTests = useMutation({
    mutationFn: (request: RunTestsRequest | WidgetRunRequest) =>
      apiRequest('POST', '/api/codetest/run', RunTestsResponseSchema, request, { signal: start() }),
  });
  return { execute, judge, runTests, cancel: () => controller.current?.abort() };
}
