import {
  type StudentConfirmRequest,
  type StudentStartRequest,
  StudentStatusSchema,
} from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { growthKeys } from './growthKeys';

type Step = { step: 'start'; body: StudentStartRequest } | { step: 'confirm'; body: StudentConfirmRequest };

/** Sends a code to a school address, or confirms it; the answer is the new status. */
export function useStudentVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, body }: Step) =>
      apiRequest(
        'POST',
        step === 'start' ? '/api/github-students/verification' : '/api/github-students/confirm',
        StudentStatusSchema,
        body,
      ),
    onSuccess: (status) => {
      queryClient.setQueryData(growthKeys.studentStatus, status);
      if (status.state === 'verified') void queryClient.invalidateQueries();
    },
  });
}
