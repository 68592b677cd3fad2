import { ConfigError, text, type Env } from '../../shared/environment';

const DURATION_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** BACKUP_EVERY: daily, hourly, off, or a duration such as 6h, 30m, 2d. */
export function backupEvery(env: Env): number | undefined {
  const raw = text(env, 'BACKUP_EVERY', 'daily');
  if (raw === 'off') return undefined;
  if (raw === 'daily') return DURATION_UNITS.d;
  if (raw === 'hourly') return DURATION_UNITS.h;
  const match = /^(\d+)([mhd])$/.exec(raw);
  if (!match || Number(match[1]) < 1) {
    throw new ConfigError(`BACKUP_EVERY doit valoir daily, hourly, off ou une durée comme 6h, 30m ou 2d, reçu "${raw}"`);
  }
  return Number(match[1]) * DURATION_UNITS[match[2]];
}
