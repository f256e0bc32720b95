import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import { createMailer } from './mailer.js';

// A real SMTP server in this process: proves the platform's mail actually leaves over SMTP.
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildTestApp({
    mailer: (database) =>
      createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Coderoom <no-reply@coderoom.dev>',
        db: database.db,
      }),
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the password reset e-mail to the SMTP server', async () => {
    const { email } = await signUp(t.app);
    const response = await new TestClient(t.app).post('/api/user/password-reset/request', { email });
    expect(response.statusCode).toBe(200);
    // The mail leaves through the job queue, after the answer.
    const message = await waitFor(() => received.find((m) => m.to.includes(email)), 'the SMTP delivery');
    expect(message?.raw).toMatch(/Subject: Reset your Coderoom password/);
    expect(message?.raw).toMatch(/signup-and-reset-password\//);
  });
});
