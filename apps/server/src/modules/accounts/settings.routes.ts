import {
  EmailChangeRequestSchema,
  EmailConfirmRequestSchema,
  EmptyBodySchema,
  NotificationPreferencesRequestSchema,
  ProfileUpdateRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { AccountSettingsService } from './settings.service.js';

/** The account's own settings; every call acts on the caller and nobody else (docs/account.md). */
export function registerSettingsRoutes(app: FastifyInstance, settings: AccountSettingsService): void {
  app.put('/api/user/profile', async (request) => {
    const { userId } = requireUser(request);
    return settings.updateProfile(userId, parseInput(ProfileUpdateRequestSchema, request.body));
  });

  app.get('/api/user/email/change', async (request) =>
    settings.emailChangeStatus(requireUser(request).userId),
  );

  app.post('/api/user/email/change', async (request) => {
    const { userId } = requireUser(request);
    return settings.requestEmailChange(userId, parseInput(EmailChangeRequestSchema, request.body));
  });

  app.post('/api/user/email/confirm', async (request) => {
    const { userId } = requireUser(request);
    return settings.confirmEmailChange(userId, parseInput(EmailConfirmRequestSchema, request.body).token);
  });

  app.get('/api/user/notification-preferences', async (request) => ({
    preferences: await settings.notificationPreferences(requireUser(request).userId),
  }));

  app.put('/api/user/notification-preferences', async (request) => {
    const { userId } = requireUser(request);
    const input = parseInput(NotificationPreferencesRequestSchema, request.body);
    return { preferences: await settings.updateNotificationPreferences(userId, input) };
  });

  app.post('/api/user/author', async (request) => {
    parseInput(EmptyBodySchema, request.body);
    return settings.becomeAuthor(requireUser(request).userId);
  });
}
