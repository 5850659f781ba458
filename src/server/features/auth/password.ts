import { type Algorithm, hash, verify } from '@node-rs/argon2';
// Longer input is refused before hashing, so nobody can make the server hash megabytes.
import { PASSWORD_MAX_LENGTH } from '../../../shared/schemas/auth.ts';

// Algorithm is an ambient const enum, which erasable-syntax TypeScript cannot read: 2 = Argon2id.
const ARGON2ID = 2 as Algorithm;

/** OWASP's minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  if (password.length > PASSWORD_MAX_LENGTH) throw new Error('password too long to hash');
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
