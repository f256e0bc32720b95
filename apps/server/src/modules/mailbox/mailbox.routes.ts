import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import type { MailboxService } from './mailbox.service.js';

export function registerMailboxRoutes(app: FastifyInstance, mailbox: MailboxService): void {
  app.get('/api/admin/mailbox', async (request) => mailbox.list(requireUser(request)));
}
