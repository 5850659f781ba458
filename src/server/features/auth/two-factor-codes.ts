import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { TwoFactorSetup } from '../../../shared/schemas/auth.ts';

/*
 * What a second-factor code is, apart from any account: TOTP (RFC 6238, what every authenticator
 * app speaks), accepted one step either side of now for clock drift, and ten one-time recovery
 * codes, of which only hashes are kept. Who may use which code, and only once, is two-factor.ts.
 */
const ISSUER = 'White Stroke';
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: read off paper without doubt. 31 symbols, 10 of them: about 50 bits a code.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;
const TOTP_PATTERN = /^\d{6}$/;

function totpOf(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** Six digits: what an authenticator app shows (anything else may be a recovery code). */
export function isTotpCode(code: string): boolean {
  return TOTP_PATTERN.test(code);
}

/** A new random TOTP secret, base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What an app needs to add the account: the secret, its otpauth:// address and that as a QR code. */
export async function describeTotpSetup(secret: string, username: string): Promise<TwoFactorSetup> {
  const otpauthUrl = totpOf(secret, username).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return {
    secret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The time step a code belongs to (within the drift window), or undefined. */
export function matchingStep(secret: string, code: string, now: Date): number | undefined {
  if (!isTotpCode(code)) return undefined;
  const delta = totpOf(secret, '').validate({
    token: code,
    timestamp: now.getTime(),
    window: DRIFT_STEPS,
  });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** Spaces, dashes and case do not matter when a recovery code is typed back. */
export function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normalized).digest('base64url');
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(31)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A new set of recovery codes, as shown to the admin (once). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}
