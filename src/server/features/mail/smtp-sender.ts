import { createTransport } from 'nodemailer';

/*
 * Sending one message through the SMTP server of SMTP_URL with nodemailer: smtp:// (STARTTLS
 * when the server offers it) or smtps:// (TLS from the start). Every step has a time limit, so a
 * server that stops answering never holds a message's claim for long.
 */

export interface SmtpMessage {
  /** The outbox row's id: the Message-ID is made from it, the same on every attempt. */
  id: string;
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: readonly { filename: string; contentType: string; content: Buffer }[];
  /** Extra headers (a reminder's List-Unsubscribe). */
  headers?: Readonly<Record<string, string>>;
}

export interface SmtpSender {
  send(message: SmtpMessage): Promise<void>;
  close(): void;
}

/** The default time one message may take, connecting to the server's last answer. */
export const SMTP_SEND_TIMEOUT_MS = 60_000;

/** A send that took longer than its time limit, whatever the server is doing. */
class SendTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}

export function createSmtpSender(smtpUrl: string, timeoutMs = SMTP_SEND_TIMEOUT_MS): SmtpSender {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: Math.ceil(timeoutMs / 4),
    greetingTimeout: Math.ceil(timeoutMs / 4),
    socketTimeout: Math.ceil(timeoutMs / 2),
    dnsTimeout: Math.ceil(timeoutMs / 4),
  });
  return {
    async send(message) {
      const domain = message.from.address.split('@')[1] ?? 'localhost';
      // The recipient as an object and an explicit envelope: nodemailer never parses the stored
      // address as a list, where 'a(comment)b@c' would be 'ab@c' and 'x;y@z' two recipients.
      const to = { name: '', address: message.to };
      const sending = transport.sendMail({
        from: message.from,
        to,
        envelope: { from: { name: '', address: message.from.address }, to: [to] },
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((file) => ({ ...file })),
        ...(message.headers ? { headers: { ...message.headers } } : {}),
        // One id for every attempt: a server or a reader can tell a repeat of the same message.
        messageId: `<${message.id}@${domain}>`,
      });
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new SendTimeoutError(`No answer from the SMTP server in ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      // A send given up on may still fail later: that answer is no longer anyone's to read.
      sending.catch(() => {});
      try {
        await Promise.race([sending, deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      transport.close();
    },
  };
}

/** What nodemailer's errors carry beyond the message. */
interface SmtpError {
  message?: unknown;
  command?: unknown;
  responseCode?: unknown;
}

/**
 * The recipient's server refused this very message for good (a 5xx to its recipient or its
 * content): trying again later would only be refused again. A 5xx to the sign-in or the sender
 * is the site's configuration, which an admin may fix meanwhile: those are tried again.
 */
export function isPermanentRejection(error: unknown): boolean {
  const { command, responseCode } = (error ?? {}) as SmtpError;
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (command === 'RCPT TO' || command === 'DATA')
  );
}

const LAST_ERROR_MAX = 300;

/** Every form a secret of the URL could take in an error: as written and percent-decoded. */
function secretsOf(smtpUrl: string): string[] {
  try {
    const url = new URL(smtpUrl);
    const raw = [url.username, url.password].filter((s) => s.length >= 3);
    return [...new Set(raw.flatMap((s) => [s, safeDecode(s)]))].sort((a, b) => b.length - a.length);
  } catch {
    return [];
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Why an attempt failed, short enough for the outbox list and never holding the SMTP server's
 * user name or password (nor any URL's credentials the message may quote).
 */
export function describeSendError(error: unknown, smtpUrl: string): string {
  const { message } = (error ?? {}) as SmtpError;
  let text = typeof message === 'string' && message.trim() !== '' ? message : String(error);
  for (const secret of secretsOf(smtpUrl)) text = text.split(secret).join('***');
  text = text
    .replace(/\/\/[^\s/@]*@/g, '//***@')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > LAST_ERROR_MAX ? `${text.slice(0, LAST_ERROR_MAX - 1)}…` : text;
}
