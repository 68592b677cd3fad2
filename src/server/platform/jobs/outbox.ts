import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Mails written to DATA_DIR/outbox (no SMTP_URL: a local install, a demo) hold temporary
 * passwords and verification links. Nobody reads them after a month; a server left that way
 * for years would fill its disk with them.
 */
export const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes the outbox's .eml files last written more than OUTBOX_KEEP_MS ago; returns how many. */
export async function pruneOutbox(outboxDir: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let pruned = 0;
  for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
    const file = path.join(outboxDir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat || now - stat.mtimeMs <= OUTBOX_KEEP_MS) continue;
    // Another instance's run may have taken it first.
    await fs.rm(file, { force: true });
    pruned += 1;
  }
  return pruned;
}
