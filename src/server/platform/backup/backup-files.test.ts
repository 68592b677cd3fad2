// The backup files themselves (backup-files.ts): where they are written, which are kept, and
// what a restore accepts to read. The dumps and restores of a database are in backup.test.ts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupDirShared, BackupRefused, backupName, listBackups, preparePrivateBackupDir, pruneBackups, readBackup, writeBackup } from './backup-files';

let folder: string;
beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-backup-files-'));
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

describe('writing a backup file', () => {
  it('never writes through a link planted at its temporary name: the link goes, the file it names stays', async () => {
    const dir = path.join(folder, 'planted');
    await fs.mkdir(dir);
    const victim = path.join(folder, 'victim.txt');
    await fs.writeFile(victim, 'intact');
    const at = new Date('2026-11-24T15:30:00Z');
    await fs.symlink(victim, path.join(dir, `${backupName(at)}.partial`));

    const { file } = await writeBackup(dir, '-- PostgreSQL database dump', at);
    expect(await fs.readFile(victim, 'utf8')).toBe('intact');
    expect((await fs.lstat(file)).isFile()).toBe(true);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await fs.readdir(dir)).toEqual([path.basename(file)]);
  });
});

describe('the backup folder', () => {
  const touch = (dir: string, names: string[]) => Promise.all(names.map((name) => fs.writeFile(path.join(dir, name), '')));

  it('lists only backups, oldest first, and an absent folder as empty', async () => {
    const dir = path.join(folder, 'listed');
    expect(await listBackups(dir)).toEqual([]);
    await fs.mkdir(dir);
    await touch(dir, ['backup-20260301T000000Z.sql.gz', 'notes.txt', 'backup-20260101T000000Z.sql.gz', 'backup-20260201T000000Z.sql.gz.partial', 'backup-2026.sql.gz', 'xbackup-20260102T000000Z.sql.gz']);
    expect(await listBackups(dir)).toEqual(['backup-20260101T000000Z.sql.gz', 'backup-20260301T000000Z.sql.gz']);
    // A file where the folder should be is an error, not an empty folder.
    await expect(listBackups(path.join(dir, 'notes.txt'))).rejects.toThrow(/ENOTDIR/);
  });

  it('keeps the newest backups asked for, and removes what a crash left half-written', async () => {
    const dir = path.join(folder, 'pruned');
    await fs.mkdir(dir);
    const backups = ['backup-20260101T000000Z.sql.gz', 'backup-20260102T000000Z.sql.gz', 'backup-20260103T000000Z.sql.gz', 'backup-20260104T000000Z.sql.gz'];
    await touch(dir, [...backups, 'backup-20260105T000000Z.sql.gz.partial', 'notes.txt']);
    expect(await pruneBackups(dir, 10)).toEqual([]);
    expect((await fs.readdir(dir)).sort()).toEqual([...backups, 'notes.txt']);
    expect(await pruneBackups(dir, 3)).toEqual(backups.slice(0, 1));
    expect(await pruneBackups(dir, 1)).toEqual(backups.slice(1, 3));
    expect((await fs.readdir(dir)).sort()).toEqual([backups[3], 'notes.txt']);
  });

  it('is made for the server’s user alone, and refused when others may write in it', async () => {
    const dir = path.join(folder, 'private', 'backups');
    await preparePrivateBackupDir(dir);
    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    // Others may read it (a copying agent's group), not write.
    await fs.chmod(dir, 0o755);
    await preparePrivateBackupDir(dir);
    for (const mode of [0o775, 0o757, 0o777]) {
      await fs.chmod(dir, mode);
      await expect(preparePrivateBackupDir(dir)).rejects.toThrow(
        new BackupDirShared(
          `BACKUP_DIR ${dir} : d'autres utilisateurs peuvent y écrire (droits ${mode.toString(8)}). Quelqu'un d'autre pourrait y remplacer une sauvegarde, qu'une restauration exécuterait. ` +
            `Réserve-le à l'utilisateur du serveur (chmod go-w ${dir}) ou choisis un autre dossier.`,
        ),
      );
    }
    await fs.chmod(dir, 0o700);
    if (process.getuid?.() === 0) {
      // Owned by neither this user nor root.
      await fs.chown(dir, 4321, 4321);
      await expect(preparePrivateBackupDir(dir)).rejects.toThrow(`BACKUP_DIR ${dir} : il appartient à un autre utilisateur (uid 4321).`);
    }
  });

  // In production the server runs as its own user (deploy/), not root: what that user accepts is
  // asked of a process of another user, which root may start. That user reads nothing of the
  // clone (which may sit in a folder only root enters): the module, which needs only Node's
  // own, is compiled into the test's folder.
  it.runIf(process.getuid?.() === 0)('as the server’s own user: accepts a folder of its own or root’s, refuses another user’s', async (context) => {
    const SERVER_USER = 4321;
    const place = path.join(folder, 'as-server-user');
    await fs.mkdir(place, { mode: 0o755 });
    await fs.chmod(folder, 0o755);
    const [own, roots, others] = ['own', 'roots', 'others'].map((name) => path.join(place, name));
    for (const dir of [own, roots, others]) await fs.mkdir(dir, { mode: 0o755 });
    await fs.chown(own, SERVER_USER, SERVER_USER);
    await fs.chown(others, SERVER_USER + 1, SERVER_USER + 1);
    const source = await fs.readFile(fileURLToPath(new URL('./backup-files.ts', import.meta.url)), 'utf8');
    await fs.writeFile(path.join(place, 'backup-files.mjs'), (await transform(source, { loader: 'ts', format: 'esm' })).code);
    const script = path.join(place, 'prepare.mjs');
    await fs.writeFile(
      script,
      'import { preparePrivateBackupDir } from "./backup-files.mjs";\n' +
        'for (const dir of process.argv.slice(2)) console.log(await preparePrivateBackupDir(dir).then(() => "accepted", (error) => error.message));\n',
    );
    // Node itself (the project's, in node_modules) may be out of that user's reach: a copy of
    // it then runs from the test's folder. Where even that folder is out of reach (TMPDIR in a
    // folder only root enters), the test cannot be made here and says why.
    const asServerUser = (node: string, args: string[]) => spawnSync(node, args, { uid: SERVER_USER, gid: SERVER_USER, encoding: 'utf8' });
    const reaches = (node: string) => asServerUser(node, ['-e', `require('node:fs').accessSync(${JSON.stringify(script)}, require('node:fs').constants.R_OK)`]);
    let node = process.execPath;
    if (reaches(node).status !== 0) {
      node = path.join(place, 'node');
      await fs.copyFile(process.execPath, node);
      await fs.chmod(node, 0o755);
    }
    const reach = reaches(node);
    if (reach.status !== 0) context.skip(`uid ${SERVER_USER} cannot run Node on ${script}: ${reach.error?.message ?? reach.stderr.trim()}`);
    const run = asServerUser(node, [script, own, roots, others]);
    expect(run.stderr).toBe('');
    const [ownAnswer, rootsAnswer, othersAnswer] = run.stdout.trim().split('\n');
    expect(ownAnswer).toBe('accepted');
    expect(rootsAnswer).toBe('accepted');
    expect(othersAnswer).toMatch(`BACKUP_DIR ${others} : il appartient à un autre utilisateur (uid ${SERVER_USER + 1}).`);
  });
});

describe('writing a backup', () => {
  it('closes every file it opens', async () => {
    const openFiles = async () => (await fs.readdir('/proc/self/fd')).length;
    const dir = path.join(folder, 'descriptors');
    await writeBackup(dir, '-- PostgreSQL database dump', new Date('2026-11-24T15:30:00Z'));
    const before = await openFiles();
    for (const at of ['2026-11-24T15:31:00Z', '2026-11-24T15:32:00Z']) await writeBackup(dir, '-- PostgreSQL database dump', new Date(at));
    expect(await openFiles()).toBe(before);
  });
});

describe('reading a backup refuses what is not a whole dump of this site', () => {
  const HEADER = '--\n-- PostgreSQL database dump\n--\n';
  const FOOTER = '--\n-- PostgreSQL database dump complete\n--\n';
  const SITE = 'CREATE TABLE public.kysely_migration (\n);\nCREATE TABLE public.users (\n);\n';

  const written = async (name: string, text: string) => {
    const file = path.join(folder, name);
    await fs.writeFile(file, gzipSync(text));
    return file;
  };

  it.each([
    ['no header', SITE + FOOTER, /n'est pas une sauvegarde complète faite par pg_dump ; rien n'a été écrit\.$/],
    ['no closing line', HEADER + SITE, /n'est pas une sauvegarde complète faite par pg_dump/],
    ['a header inside a line', `SELECT '-- PostgreSQL database dump';\n${SITE}${FOOTER}`, /n'est pas une sauvegarde complète/],
    ['a header after a statement', `SELECT 1; -- PostgreSQL database dump\n${SITE}${FOOTER}`, /n'est pas une sauvegarde complète/],
    ['a closing line after a statement', `${HEADER}${SITE}SELECT 1; -- PostgreSQL database dump complete\n`, /n'est pas une sauvegarde complète/],
    ['a closing line that goes on', `${HEADER}${SITE}-- PostgreSQL database dump complete, presque\n`, /n'est pas une sauvegarde complète/],
    ['no migrations table', HEADER + 'CREATE TABLE public.users (\n);\n' + FOOTER, /est une sauvegarde d'une autre base \(ni les migrations ni les comptes de ce site n'y sont\) ; rien n'a été écrit\.$/],
    ['no users table', HEADER + 'CREATE TABLE public.kysely_migration (\n);\n' + FOOTER, /est une sauvegarde d'une autre base/],
  ])('%s', async (name, text, message) => {
    const file = await written(`${name.replaceAll(' ', '-')}.sql.gz`, text);
    await expect(readBackup(file)).rejects.toThrow(new RegExp(`^${file.replaceAll('.', '\\.')} ${message.source}`));
    await expect(readBackup(file)).rejects.toBeInstanceOf(BackupRefused);
  });

  it('reads a whole one, and says which file it cannot read', async () => {
    expect(await readBackup(await written('whole.sql.gz', HEADER + SITE + FOOTER))).toBe(HEADER + SITE + FOOTER);
    const missing = path.join(folder, 'absente.sql.gz');
    await expect(readBackup(missing)).rejects.toThrow(new BackupRefused(`impossible de lire ${missing} (ENOENT)`));
  });
});
