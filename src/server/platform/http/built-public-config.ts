import fs from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_SETTINGS, type PublicConfig } from '../../../shared/public-config';

/** Where the build records the public settings it baked into the pages (vite.config.ts), beside CLIENT_DIR. */
export const builtPublicConfigFile = (clientDir: string) => path.join(clientDir, '..', 'public-config.json');

interface SettingMismatch {
  name: string;
  built: string;
  server: string;
}

/**
 * The settings the pages were built with that the server now reads differently: the pages
 * would show one contact address or site URL while mails use another. None when the build
 * left no record (CLIENT_DIR without pages, a build older than the record).
 */
export async function builtPublicConfigMismatches(clientDir: string, server: PublicConfig): Promise<SettingMismatch[]> {
  let built: Partial<PublicConfig>;
  try {
    built = JSON.parse(await fs.readFile(builtPublicConfigFile(clientDir), 'utf8')) as Partial<PublicConfig>;
  } catch {
    return [];
  }
  return (Object.keys(PUBLIC_SETTINGS) as (keyof PublicConfig)[])
    .filter((key) => built[key] !== undefined && built[key] !== server[key])
    .map((key) => ({ name: PUBLIC_SETTINGS[key], built: String(built[key]), server: server[key] }));
}
