import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes sure DATA_DIR is a folder we can read and write. The folder itself is created when its
 * parent exists (the default ./data on a fresh clone); a missing parent is a mistake, not a wish.
 */
export function ensureDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) {
    if (!existsSync(path.dirname(dataDir))) {
      throw new Error(
        `DATA_DIR: ${dataDir} does not exist and neither does its parent folder; create it or choose another folder`,
      );
    }
    mkdirSync(dataDir);
  }
  if (!statSync(dataDir).isDirectory()) {
    throw new Error(`DATA_DIR: ${dataDir} is not a folder`);
  }
  try {
    accessSync(dataDir, constants.R_OK | constants.W_OK);
  } catch {
    throw new Error(`DATA_DIR: ${dataDir} is not readable and writable by this user`);
  }
}
