import { describe, expect, it } from 'vitest';
import { describeSendError, isPermanentRejection } from './smtp-sender.ts';

const URL_WITH_SECRETS = 'smtps://mailer%40site.example:s3cr%2Fet-pass@mail.example.com:465';

describe('describeSendError', () => {
  it('never keeps the user name or password of SMTP_URL, as written or decoded', () => {
    const error = new Error(
      'Invalid login for mailer@site.example with s3cr/et-pass (s3cr%2Fet-pass) via smtps://a:b@mail.example.com',
    );
    const text = describeSendError(error, URL_WITH_SECRETS);
    expect(text).toBe('Invalid login for *** with *** (***) via smtps://***@mail.example.com');
  });

  it('keeps it to one short line', () => {
    const text = describeSendError(new Error(`Failed:\n${'x'.repeat(1000)}`), URL_WITH_SECRETS);
    expect(text.startsWith('Failed: xxx')).toBe(true);
    expect(text).toHaveLength(300);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('isPermanentRejection', () => {
  it('is a 5xx to the recipient or the message, never a 4xx or a sign-in refusal', () => {
    const smtpError = (responseCode: number, command: string) =>
      Object.assign(new Error('refused'), { responseCode, command });
    expect(isPermanentRejection(smtpError(550, 'RCPT TO'))).toBe(true);
    expect(isPermanentRejection(smtpError(554, 'DATA'))).toBe(true);
    expect(isPermanentRejection(smtpError(451, 'DATA'))).toBe(false);
    expect(isPermanentRejection(smtpError(535, 'AUTH PLAIN'))).toBe(false);
    expect(isPermanentRejection(smtpError(553, 'MAIL FROM'))).toBe(false);
    expect(isPermanentRejection(new Error('connect ECONNREFUSED'))).toBe(false);
  });
});
