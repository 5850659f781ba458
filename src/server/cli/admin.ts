/**
 * `npm run admin -- create <username> [--role admin|juror]`, `reset-password <username>`,
 * `reset-two-factor <username>` and `unlock <username>`: admin accounts from a shell, against the
 * database the environment names (as `npm start` would). The password is read from standard input
 * when it is piped; otherwise one is generated and printed once. Only its argon2id hash is stored.
 * reset-two-factor is for an admin who lost both their phone and their recovery codes; unlock
 * (and reset-password) clear the account's failed sign-ins, and with them every lock on it.
 * reset-password and reset-two-factor also forget the account's known devices (decision 014).
 * `set-email <username> <email>` gives the account the address its sign-in codes go to (the only
 * way in from a new browser while it is locked), checked as strictly as the Account page checks it.
 * `create … --role juror` makes a juror (display name = the username, no e-mail, no invitation).
 */
import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { ensureDataDir } from '../data-dir.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { lowerCaseEmailSchema } from '../../shared/schemas/email-address.ts';
import { createAccount, setPassword, unlockAdmin } from '../features/auth/accounts.service.ts';
import { turnOffTwoFactor } from '../features/auth/two-factor.ts';
import { runCommand } from './run-command.ts';
import { setEmailOfAdmin } from '../features/auth/account-email.ts';

/** Changes made from a shell are audited too, under this name. */
const COMMAND_LINE = { adminUserId: null, username: 'command line' };

const COMMANDS = ['create', 'reset-password', 'reset-two-factor', 'unlock', 'set-email'];
const ROLES = ['admin', 'juror'];
const usageOf = (command: string) =>
  command === 'create'
    ? `create <username> [--role ${ROLES.join('|')}]`
    : command === 'set-email'
      ? 'set-email <username> <email>'
      : `${command} <username>`;
const EmailSchema = lowerCaseEmailSchema('Enter a valid e-mail address');
const USAGE = `Usage: npm run admin -- ${COMMANDS.map(usageOf).join(' | ')}`;

/** The command, the username and, for create, the role; undefined when they do not parse. */
function parseCommand(args: string[]) {
  try {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { role: { type: 'string' } },
    });
    const [command, username, email, ...rest] = positionals;
    if (!command || !COMMANDS.includes(command) || !username) return undefined;
    // Only set-email takes a second argument, and it needs it.
    if (rest.length > 0 || (command === 'set-email') !== (email !== undefined)) return undefined;
    if (values.role !== undefined && command !== 'create') return undefined;
    return { command, username, email, role: values.role ?? 'admin' };
  } catch {
    // An unknown option, or --role without its value.
    return undefined;
  }
}

async function readPassword(): Promise<{ password: string; generated: boolean }> {
  if (!process.stdin.isTTY) {
    const piped = (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
    if (piped) return { password: piped, generated: false };
  }
  return { password: randomBytes(18).toString('base64url'), generated: true };
}

async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(args);
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  const { command, username, role } = parsed;
  if (!ROLES.includes(role)) {
    console.error(`Unknown role ${role}: use ${ROLES.join(' or ')}.`);
    return 1;
  }
  const email = parsed.email === undefined ? undefined : EmailSchema.safeParse(parsed.email);
  if (email && !email.success) {
    console.error('Enter a valid e-mail address');
    return 1;
  }
  const config = loadConfig();
  ensureDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    if (command === 'reset-two-factor') {
      await turnOffTwoFactor(database.db, username, COMMAND_LINE, {
        endSessions: true,
        action: 'admin_user.two-factor-reset',
        now: new Date(),
      });
      console.log(`Turned off two-factor for ${username}; their sessions have ended.`);
      return 0;
    }
    if (email) {
      await setEmailOfAdmin(database.db, username, email.data, COMMAND_LINE, new Date());
      console.log(`Set the e-mail address of ${username} to ${email.data}.`);
      return 0;
    }
    if (command === 'unlock') {
      await unlockAdmin(database.db, username, COMMAND_LINE, new Date());
      console.log(`Cleared the failed sign-ins of ${username}; they can sign in again.`);
      return 0;
    }
    const { password, generated } = await readPassword();
    if (command === 'create') {
      const name = username.trim();
      // A juror made here has no e-mail, so no invitation: the password piped or printed is theirs.
      const juror = role === 'juror' ? { displayName: name, email: null } : undefined;
      await createAccount(
        database.db,
        { username, password, ...(juror ? { juror } : {}) },
        COMMAND_LINE,
        new Date(),
      );
      console.log(`Created the ${role} ${name}.`);
    } else {
      await setPassword(database.db, username, password, {
        actor: COMMAND_LINE,
        now: new Date(),
      });
      console.log(
        `Set a new password for ${username}; their sessions have ended and sign-in is unlocked.`,
      );
    }
    if (generated) console.log(`Password (shown once, write it down): ${password}`);
    return 0;
  } finally {
    await database.close();
  }
}

await runCommand(run);
