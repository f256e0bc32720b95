import type { NotificationItem, NotificationsResponse, UnreadCountResponse } from '@coderoom/contracts';
import {
  NOTIFICATION_LABELS,
  NOTIFICATIONS_PAGE_SIZE,
  NotificationCategory,
  NotificationChannel,
  type NotificationType,
  PRODUCT_NAME,
  wantsNotification,
} from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import * as repo from './notifications.repository.js';

// The in-app bell (spec 002 §3.6): other modules notify people of events; each person reads only their own.

export interface NotificationEvent {
  userId: number;
  type: NotificationType;
  title: string;
  body?: string;
  link?: string | null;
  organizationId?: number | null;
  /** The settings' category whose e-mail choice decides the mail (default: learning reminders). */
  category?: NotificationCategory;
}

const NotificationMessages = { NotFound: 'This notification does not exist.' } as const;

/** Job kind: mail one notification to its user, if their settings ask for it (docs/organizations.md). */
export const NOTIFICATION_MAIL_JOB = 'notifications.mail';

/**
 * Organization events (assignments, due dates, teams) are reminders to learn: they follow the
 * "Learning reminders" e-mail choice of the settings page unless the event names its own category
 * (proofreading: comments and mentions, docs/proofreading.md).
 */
const DEFAULT_MAIL_CATEGORY = NotificationCategory.LearningReminders;

export interface NotificationsDeps {
  db: Db;
  clock: Clock;
  /** With these, each notification is also mailed through the worker (the seed passes none). */
  mail?: { jobs: JobQueue; mailer: Mailer; publicUrl: string };
  /** Hears every batch in its transaction: other channels (Slack direct messages) queue their copies. */
  forward?: (executor: DbExecutor, events: readonly NotificationEvent[]) => Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function present(row: repo.NotificationRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    read_state: row.readState,
    title: row.title,
    body: row.body,
    link: row.link,
    organization_id: row.organizationId,
    created: row.createdAt.toISOString(),
  };
}

export function createNotificationsService({ db, clock, mail, forward }: NotificationsDeps) {
  if (mail) {
    mail.jobs.handle(NOTIFICATION_MAIL_JOB, async (payload) => {
      const event = payload as {
        userId: number;
        title: string;
        body: string;
        link: string | null;
        category?: NotificationCategory;
      };
      const category = event.category ?? DEFAULT_MAIL_CATEGORY;
      const choice = NOTIFICATION_LABELS[category].label;
      const recipient = await repo.findRecipient(db, event.userId);
      // Asked again when sending: a change of mind in the settings wins over a queued mail.
      if (!recipient || !wantsNotification(recipient.preferences, category, NotificationChannel.Email))
        return;
      const link = `${mail.publicUrl}${event.link ?? '/notifications'}`;
      const unsubscribe = `${mail.publicUrl}/settings#notifications`;
      await mail.mailer.send({
        to: recipient.email,
        subject: event.title,
        text: `Hi ${recipient.fullName},\n\n${event.title}${event.body ? `\n${event.body}` : ''}\n\n${link}\n\nTo stop these e-mails, turn off ${choice} by e-mail: ${unsubscribe}\n`,
        html: `<p>Hi ${escapeHtml(recipient.fullName)},</p><p>${escapeHtml(event.title)}${event.body ? `<br>${escapeHtml(event.body)}` : ''}</p><p><a href="${link}">Open ${PRODUCT_NAME}</a></p><p><small><a href="${unsubscribe}">Unsubscribe</a> (${escapeHtml(choice)} by e-mail, in your settings)</small></p>`,
      });
    });
  }

  return {
    /** Writes the events in the caller's transaction, so a notification exists exactly when its change does. */
    async notify(executor: DbExecutor, events: readonly NotificationEvent[]): Promise<void> {
      const at = clock.now();
      await repo.insertNotifications(
        executor,
        events.map((event) => ({
          userId: event.userId,
          type: event.type,
          title: event.title,
          body: event.body ?? '',
          link: event.link ?? null,
          organizationId: event.organizationId ?? null,
          createdAt: at,
        })),
      );
      await forward?.(executor, events);
      if (!mail) return;
      for (const event of events) {
        await mail.jobs.enqueue(executor, NOTIFICATION_MAIL_JOB, {
          userId: event.userId,
          title: event.title,
          body: event.body ?? '',
          link: event.link ?? null,
          ...(event.category ? { category: event.category } : {}),
        });
      }
    },

    async list(userId: number, page: number): Promise<NotificationsResponse> {
      const [rows, total, unread] = await Promise.all([
        repo.listNotifications(db, userId, {
          limit: NOTIFICATIONS_PAGE_SIZE,
          offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
        }),
        repo.countNotifications(db, userId, false),
        repo.countNotifications(db, userId, true),
      ]);
      return {
        notifications: rows.map(present),
        unread_count: unread,
        total,
        page,
        page_size: NOTIFICATIONS_PAGE_SIZE,
      };
    },

    async unreadCount(userId: number): Promise<UnreadCountResponse> {
      return { unread_count: await repo.countNotifications(db, userId, true) };
    },

    async markAllRead(userId: number): Promise<UnreadCountResponse> {
      await repo.markAllRead(db, userId);
      return { unread_count: 0 };
    },

    async markRead(userId: number, notificationId: number): Promise<UnreadCountResponse> {
      // Someone else's notification answers as a missing one.
      if (!(await repo.markRead(db, userId, notificationId))) throw notFound(NotificationMessages.NotFound);
      return { unread_count: await repo.countNotifications(db, userId, true) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
