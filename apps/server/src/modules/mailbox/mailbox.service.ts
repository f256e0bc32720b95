import type { MailboxResponse } from '@coderoom/contracts';
import type { SessionContext } from '../../platform/auth/sessions.js';
import type { Db } from '../../platform/db/database.js';
import { forbidden } from '../../platform/http/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import * as repo from './mailbox.repository.js';

const PAGE_SIZE = 100;

/** The built-in dev mailbox: every e-mail the platform sent while no SMTP server was configured. */
export function createMailboxService(deps: { db: Db; accounts: AccountsService }) {
  return {
    async list(auth: SessionContext): Promise<MailboxResponse> {
      const caller = await deps.accounts.getUserInfo(auth);
      if (!caller.admin) throw forbidden('Only platform admins can read the dev mailbox.');
      const rows = await repo.listMessages(deps.db, PAGE_SIZE);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          created: row.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
