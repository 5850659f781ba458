import { createHash, createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import MailChecker from 'mailchecker';

/*
 * Who a voter is. One person, one set of votes: the address is compared lower-case with any
 * "+tag" taken off its local part, so asha+1@ and asha+2@ are the same voter (providers deliver
 * both to one mailbox). Dots are left alone: only some providers ignore them.
 */

/** The address as typed, trimmed and lower-case: where the code is sent. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** The voter an address stands for: lower-case, without a +tag. */
export function voterOf(email: string): string {
  const normal = normalEmail(email);
  const at = normal.lastIndexOf('@');
  if (at < 0) return normal;
  const local = normal.slice(0, at).replace(/\+.*$/, '');
  return `${local}${normal.slice(at)}`;
}

/** The part after '@', lower-case. */
export function domainOf(email: string): string {
  const normal = normalEmail(email);
  return normal.slice(normal.lastIndexOf('@') + 1);
}

/** False for an address of a disposable-mail service (the maintained list of `mailchecker`). */
export const isLastingAddress = (email: string) => MailChecker.isValid(normalEmail(email));

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A short tag of the client address: votes from one address group under it, and the admin's
 * screen shows no address. Keyed with a server secret: a plain hash of an IPv4 address is undone
 * by hashing all 2^32 of them.
 */
export const addressTagOf = (key: Buffer, ip: string) =>
  createHmac('sha256', key).update(ip).digest('hex').slice(0, 12);

/** The name of the server key the address tags are made with. */
export const ADDRESS_TAG_KEY = 'vote-address-tag';

/** The name of the server key the voters' pseudonyms and domain tags are made with. */
export const VOTER_KEY = 'vote-voter';

/**
 * Who voted, as the votes store it: a keyed hash of the voter (voterOf) in one competition. The
 * unique constraints hold on it, so one address keeps one set of votes once its address is gone
 * from the row; without the key it names nobody, and it differs from competition to competition.
 */
export const voterPseudonymOf = (key: Buffer, competitionId: string, voter: string) =>
  createHmac('sha256', key).update(`${competitionId}\n${voter}`).digest('hex');

/**
 * What a vote keeps of its domain once its address is removed: a shared provider's name (it names
 * nobody), or a tag of an organisation's or a person's own domain, the same for every vote of it,
 * so the domain clusters still group them.
 */
export const keptDomainOf = (key: Buffer, domain: string) =>
  isSharedProvider(domain)
    ? domain
    : `domain ${createHmac('sha256', key).update(`domain\n${domain}`).digest('hex').slice(0, 12)}`;

/** What the vote shows instead of a removed address: one label per voter, for the admin's screen. */
export const removedAddressOf = (pseudonym: string) => `address removed ${pseudonym.slice(0, 12)}`;

// The maintained list of shared mail providers (gmail.com, yahoo.co.in, outlook.com, …).
const sharedProviders = new Set<string>(
  createRequire(import.meta.url)('email-providers/all.json') as string[],
);

/**
 * True for a big shared provider's domain: thousands of real voters share it, so it is counted
 * only as a cluster signal, never limited; an organisation's own domain keeps its limit.
 */
export const isSharedProvider = (domain: string) => sharedProviders.has(domain);
