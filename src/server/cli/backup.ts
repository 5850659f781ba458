/**
 * `npm run backup [FILE]`: one ZIP file with the SQLite database and every stored file of the
 * site in DATA_DIR (as `npm start` reads the environment), made while the site runs
 * (src/server/backup/site-backup.ts). FILE defaults to white-stroke-backup-<time>.zip here.
 * On PostgreSQL or S3 it says which tools to use instead (the README's "Backups").
 */
import path from 'node:path';
import { backupSite } from '../backup/site-backup.ts';
import { loadConfig } from '../config.ts';
import { runCommand } from './run-command.ts';

function run(args: string[]): Promise<number> | number {
  if (args.length > 1) {
    console.error('Usage: npm run backup [-- FILE]');
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'The site runs on PostgreSQL: back it up with pg_dump, and its files with the bucket’s own tools (README, "Backups").',
    );
    return 1;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(args[0] ?? `white-stroke-backup-${stamp}.zip`);
  return backupSite(config.dataDir, file).then(({ files, bytes }) => {
    console.log(`Backed up the database and ${files} files to ${file} (${bytes} bytes).`);
    if (config.s3) {
      console.log(
        `The pictures are in the S3 bucket ${config.s3.bucket}, not in this file: back the bucket up with its own tools (README, "Backups").`,
      );
    }
    return 0;
  });
}

await runCommand(run);
