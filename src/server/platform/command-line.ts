// What the operator's commands (backup, rotate-secrets, import-firebase) share: their first
// steps, and one line, never a stack, when they stop.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, readConfig, type Config } from '../config';
import { keepNewFilesPrivate } from './private-files';

/** Prints one line for the operator and ends the command with status 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A command's start: the files it writes private, then its settings, or one line saying what is wrong. */
export function commandConfig(): Config {
  keepNewFilesPrivate();
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration invalide : ${error.message}`);
    throw error;
  }
}

/** Whether DATA_DIR holds an embedded database (one the server made, or a restore). */
export async function hasEmbeddedDatabase(dataDir: string): Promise<boolean> {
  return (await fs.stat(path.join(dataDir, 'db', 'PG_VERSION')).catch(() => undefined)) !== undefined;
}
