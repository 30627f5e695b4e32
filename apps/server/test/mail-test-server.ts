/**
 * A test file's server that mails through a real SMTP server: both started before the file's tests
 * and closed after them. `mailTo` waits for the mail to an address with a subject.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';
import { smtpMailConfig, startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp-server.js';

export interface MailTestServers {
  readonly smtp: TestSmtpServer;
  readonly server: TestServer;
  mailTo(to: string, subject: string): Promise<ReceivedMail>;
}

/** Call at the top of a test file; `perAddress` is the mails a minute one address may receive. */
export function useMailTestServer(perAddress: number): MailTestServers {
  let smtp: TestSmtpServer | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ mail: smtpMailConfig(smtp, perAddress) });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the mail test servers start in beforeAll');
    return value;
  };
  return {
    get smtp() {
      return started(smtp);
    },
    get server() {
      return started(server);
    },
    mailTo: (to, subject) => started(smtp).waitFor((m) => m.to.includes(to) && m.parsed.subject === subject),
  };
}
