import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { OUTBOX_KEEP_MS, pruneOutbox } from './outbox';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await fs.rm(folder, { recursive: true, force: true });
});

async function outboxWith(files: Record<string, number>): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-outbox-'));
  folders.push(folder);
  for (const [name, ageMs] of Object.entries(files)) {
    const file = path.join(folder, name);
    await fs.writeFile(file, 'Subject: test\r\n\r\nBonjour');
    const when = new Date(Date.now() - ageMs);
    await fs.utimes(file, when, when);
  }
  return folder;
}

it('deletes the outbox mails past a month, and only .eml files', async () => {
  const day = 24 * 60 * 60 * 1000;
  const folder = await outboxWith({ 'ancien.eml': OUTBOX_KEEP_MS + day, 'recent.eml': OUTBOX_KEEP_MS - day, 'notes.txt': OUTBOX_KEEP_MS + day });
  expect(await pruneOutbox(folder)).toBe(1);
  expect((await fs.readdir(folder)).sort()).toEqual(['notes.txt', 'recent.eml']);
  // Nothing left to do the second time, nor for an instance running at the same time.
  expect(await pruneOutbox(folder)).toBe(0);
});

it('finds nothing to do without an outbox (mail sent by SMTP from the start)', async () => {
  expect(await pruneOutbox(path.join(os.tmpdir(), 'unissons-no-outbox-here'))).toBe(0);
});
