import { EmptyBodySchema, NotificationParamsSchema, NotificationsQuerySchema } from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { NotificationsService } from './notifications.service.js';

export function registerNotificationsRoutes(app: FastifyInstance, notifications: NotificationsService): void {
  app.get('/api/workflow/notifications', async (request) => {
    const { userId } = requireUser(request);
    return notifications.list(userId, parseInput(NotificationsQuerySchema, request.query).page);
  });

  app.get('/api/workflow/notifications/unread-count', async (request) =>
    notifications.unreadCount(requireUser(request).userId),
  );

  app.put('/api/workflow/notifications/mark-all-read', async (request) => {
    const { userId } = requireUser(request);
    parseInput(EmptyBodySchema, request.body ?? {});
    return notifications.markAllRead(userId);
  });

  app.put('/api/workflow/notifications/:notificationId/read', async (request) => {
    const { userId } = requireUser(request);
    parseInput(EmptyBodySchema, request.body ?? {});
    const { notificationId } = parseInput(NotificationParamsSchema, request.params);
    return notifications.markRead(userId, notificationId);
  });
}
