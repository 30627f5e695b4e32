/**
 * A real SMTP server in the test process (the `smtp-server` package) that parses what it receives
 * with `mailparser`. `stop()` closes it and drops its connections (a mail server that went away:
 * the port refuses); `start()` listens again on the same port. Messages arrive as events, so a test
 * waits for a mail, never for time.
 */
import { EventEmitter, once } from 'node:events';
import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first received mail (already here or yet to come) for which `match` holds. */
  waitFor(match: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  /** Resolves once `count` mails have arrived in all. */
  waitForCount(count: number): Promise<void>;
  /** Resolves when the next connection is made to the port while the server is stopped (refused). */
  nextRefusal(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpOptions {
  /** An SMTP reply code refusing this recipient (550: permanent, 450: temporary), or undefined to take it. */
  refuse?: (recipient: string) => number | undefined;
  /** Called when a message has been received (e.g. to stop the server mid-way). */
  onMessage?: (mail: ReceivedMail) => void;
}

export async function startSmtpServer(options: SmtpOptions = {}): Promise<TestSmtpServer> {
  const events = new EventEmitter();
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;
  /** While stopped: a listener that closes each connection at once, so a test can see the attempt. */
  let refuser: net.Server | undefined;
  const sockets = new Set<net.Socket>();

  const serverOptions: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 50,
    onConnect(session, callback) {
      callback();
    },
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.(address.address);
      if (code) {
        const error = new Error(`${code === 550 ? 'No such mailbox' : 'Try again later'}`) as Error & {
          responseCode: number;
        };
        error.responseCode = code;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const to = session.envelope.rcptTo.map((r) => r.address);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        callback();
        void simpleParser(raw).then((parsed) => {
          const mail = { to, raw, parsed };
          received.push(mail);
          options.onMessage?.(mail);
          events.emit('mail', mail);
        });
      });
    },
  };

  const listenSmtp = async () => {
    const next = new SMTPServer(serverOptions);
    next.on('error', () => undefined);
    // smtp-server's own server: track its sockets to drop them when stopped.
    (next as unknown as { server: net.Server }).server.on('connection', (socket: net.Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = ((next as unknown as { server: net.Server }).server.address() as net.AddressInfo).port;
    server = next;
  };

  await listenSmtp();

  const closeSmtp = async () => {
    const current = server;
    server = undefined;
    if (!current) return;
    const closed = new Promise<void>((resolve) => current.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(match) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const listener = (mail: ReceivedMail) => {
          if (!match(mail)) return;
          events.off('mail', listener);
          resolve(mail);
        };
        events.on('mail', listener);
      });
    },
    async waitForCount(count) {
      while (received.length < count) await once(events, 'mail');
    },
    async nextRefusal() {
      await once(events, 'refused');
    },
    async stop() {
      await closeSmtp();
      refuser = net.createServer((socket) => {
        socket.destroy();
        events.emit('refused');
      });
      await new Promise<void>((resolve) => refuser!.listen(port, '127.0.0.1', () => resolve()));
    },
    async start() {
      const current = refuser;
      refuser = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
      await listenSmtp();
    },
    async close() {
      const current = refuser;
      refuser = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
      await closeSmtp();
    },
  };
}

/** The mail settings of a test server that sends through `smtp`: at most `perAddress` mails a minute to one address. */
export function smtpMailConfig(smtp: TestSmtpServer, perAddress = 10) {
  return {
    smtpUrl: smtp.url,
    from: 'Nebab <no-reply@nebab.test>',
    rateLimit: { perAddress, windowMs: 60_000 },
  };
}

/**
 * The link to `pathname` under `publicUrl` in a delivered mail's text part, which the HTML part must
 * carry too: the whole link and its token.
 */
export function mailedLink(
  mail: ReceivedMail,
  publicUrl: string,
  pathname: string,
): { url: string; token: string } {
  const text = String(mail.parsed.text);
  const match = new RegExp(`${publicUrl.replace(/\./g, '\\.')}${pathname}\\?token=([A-Za-z0-9_-]+)`).exec(
    text,
  );
  if (!match?.[1]) throw new Error(`no ${pathname} link in: ${text}`);
  const html = String(mail.parsed.html).replace(/&#x3D;/g, '=');
  if (!html.includes(`${pathname}?token=${match[1]}`))
    throw new Error(`the HTML part lacks the ${pathname} link of the text part`);
  return { url: match[0], token: match[1] };
}
