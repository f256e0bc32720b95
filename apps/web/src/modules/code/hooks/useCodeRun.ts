import {
  type ExecuteRequest,
  ExecuteResponseSchema,
  type JudgeRequest,
  JudgeResponseSchema,
  LanguagesResponseSchema,
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

/** Run and judge calls that the learner can cancel; cancelling closes the request, which stops the sandbox. */
export function useCodeRun() {
  const controller = useRef<AbortController | null>(null);
  const start = () => {
    controller.current?.abort();
    controller.current = new AbortController();
    return controller.current.signal;
  };
  const execute = useMutation({
    mutationFn: (request: ExecuteRequest) =>
      apiRequest('POST', '/api/code/execute', ExecuteResponseSchema, request, { signal: start() }),
  });
  const judge = useMutation({
    mutationFn: (request: JudgeRequest) =>
      apiRequest('POST', '/api/code/judge', JudgeResponseSchema, request, { signal: start() }),
  });
  return { execute, judge, cancel: () => controller.current?.abort() };
}
