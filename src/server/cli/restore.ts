/**
 * `npm run restore FILE`: brings a backup made by `npm run backup` back into DATA_DIR, which must
 * hold no site yet (src/server/backup/site-backup.ts). Start the server afterwards: it brings
 * the database up to date with this version's migrations.
 */
import path from 'node:path';
import { restoreSite } from '../backup/site-backup.ts';
import { loadConfig } from '../config.ts';
import { ensureDataDir } from '../data-dir.ts';
import { runCommand } from './run-command.ts';

async function run(args: string[]): Promise<number> {
  const [file] = args;
  if (!file || args.length > 1) {
    console.error('Usage: npm run restore -- FILE');
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL names PostgreSQL: a backup of the SQLite site goes into a DATA_DIR without it.',
    );
    return 1;
  }
  ensureDataDir(config.dataDir);
  const { files } = await restoreSite(path.resolve(file), config.dataDir);
  console.log(`Restored the database and ${files} files into ${config.dataDir}.`);
  return 0;
}

await runCommand(run);
