import nodemailer from 'nodemailer';
import type { Db } from '../db/database.js';
import { insertDevMail } from './devMailbox.repository.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly mode: 'dev-mailbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Mail always goes through nodemailer. Without SMTP_URL the rendered message lands in the dev mailbox
 * table, readable by platform admins in the app; with it, a real SMTP server receives it.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; db: Db }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'dev-mailbox',
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const raw = Buffer.isBuffer(info.message) ? info.message.toString('utf8') : String(info.message);
      await insertDevMail(options.db, {
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
        rawMessage: raw,
      });
    },
  };
}
