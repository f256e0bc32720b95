import { AdminRefundMessages, ErrorStatus } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';

// Refusals of the admin refund screen (docs/commerce.md "Admin refunds"); the refund's own refusals
// (not refundable, more than is left, the processor's failure) come from CommerceErrors.

export const AdminRefundErrors = {
  adminOnly: () => new AppError(ErrorStatus.AccessDenied, AdminRefundMessages.AdminOnly),
  inProgress: () => new AppError(ErrorStatus.AlreadyExists, AdminRefundMessages.RequestInProgress),
  requestReused: () => new AppError(ErrorStatus.AlreadyExists, AdminRefundMessages.RequestReused),
};
