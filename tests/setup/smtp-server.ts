import net from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { findFreePort } from '../../scripts/lib/free-port.ts';

/*
 * A real SMTP server for the e-mail tests (the smtp-server package: the protocol as a mail server
 * speaks it, sign-in checked), on 127.0.0.1, keeping what it receives in memory.
 */

/** The account the test server accepts; the tests' SMTP_URL signs in with it. */
export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'smtp-test-password';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  /** The message as delivered, parsed: headers, subject, text and HTML parts. */
  parsed: ParsedMail;
}

/** A refusal the server answers with: `code` is the SMTP reply code (451, 550, 554, ...). */
export interface SmtpRefusal {
  code: number;
  message: string;
  /** Where it refuses: each recipient, or the message after its content arrived. */
  at: 'recipient' | 'data';
}

export interface TestSmtpServer {
  port: number;
  /** What SMTP_URL would be to send through this server, signed in as SMTP_USER. */
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived (any time before the test's own timeout). */
  waitForMessages(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** The URL of an SMTP server at `port` of 127.0.0.1, signed in as SMTP_USER. */
export function smtpUrlFor(port: number, password = SMTP_PASSWORD): string {
  return `smtp://${SMTP_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
}

/** A port of 127.0.0.1 where nothing listens (yet): connections to it are refused. */
export const unusedPort = findFreePort;

/**
 * Starts the server on `port` (default: a free one). It signs in SMTP_USER only, and offers no
 * STARTTLS (its certificate would be one no client trusts): plain SMTP on the loopback address.
 */
export async function startSmtpServer(
  options: { port?: number; refuse?: SmtpRefusal } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const refusal = (refuse: SmtpRefusal) =>
    Object.assign(new Error(refuse.message), { responseCode: refuse.code });
  const { refuse } = options;
  const settings: SMTPServerOptions = {
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) {
        callback(null, { user: SMTP_USER });
      } else {
        callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
      }
    },
    onRcptTo(_address, _session, callback) {
      callback(refuse?.at === 'recipient' ? refusal(refuse) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse?.at === 'data') {
          callback(refusal(refuse));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed });
            for (const waiter of [...waiters]) {
              if (received.length >= waiter.count) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve();
              }
            }
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  };
  const server = new SMTPServer(settings);
  const port = options.port ?? (await findFreePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port,
    url: smtpUrlFor(port),
    received,
    waitForMessages(count) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve) => {
        waiters.push({ count, resolve: () => resolve(received) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A server that accepts connections and never says a word, as a hung mail server does: a client
 * waits for its greeting until its own time limit.
 */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
