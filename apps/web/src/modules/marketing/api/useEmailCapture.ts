import { type EmailCaptureRequest, EmailCaptureResponseSchema } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/** PUT /api/event/marketing/email-capture: a visitor sends a lead form. */
export function useEmailCapture() {
  return useMutation({
    mutationFn: (request: EmailCaptureRequest) =>
      apiRequest('PUT', '/api/event/marketing/email-capture', EmailCaptureResponseSchema, request, {
        suppressUnauthorizedRedirect: true,
      }),
  });
}
