import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { writeExport } from './export-fixture';
import { importFirebase } from './import-firebase';
import { storageObjectPath } from './pictures';

describe('profile pictures from Firebase Storage', () => {
  it('finds the object path in the URL forms Firebase gives', () => {
    expect(storageObjectPath('https://storage.exemple.fr/v0/b/projet.appspot.com/o/profilePics%2Fuid%201.jpg?alt=media&token=t')).toBe('profilePics/uid 1.jpg');
    expect(storageObjectPath('gs://projet.appspot.com/profilePics/uid.jpg')).toBe('profilePics/uid.jpg');
    expect(storageObjectPath('https://storage.exemple.fr/projet.appspot.com/profilePics/uid.jpg')).toBe('profilePics/uid.jpg');
    expect(storageObjectPath('profilePics/uid.jpg')).toBe('profilePics/uid.jpg');
  });

  describe('without a local copy of the bucket, fetched by URL', () => {
    const test = setUpTestApp();
    let server: http.Server;
    let base: string;
    let dir: string;

    beforeAll(async () => {
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#e70' } }).png().toBuffer();
      server = http.createServer((request, response) => {
        if (request.url?.startsWith('/v0/b/projet/o/ok.png')) response.writeHead(200, { 'content-type': 'image/png' }).end(png);
        else if (request.url?.startsWith('/v0/b/projet/o/page.png')) response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
        else response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v0/b/projet/o`;
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'firebase-pictures-'));
    });
    afterAll(async () => {
      server.close();
      await fs.rm(dir, { recursive: true, force: true });
    });

    it('lands what arrives as a picture, and reports what does not, keeping the account', async () => {
      const account = (localId: string, photoUrl: string) => ({ localId, email: `${localId}@exemple.fr`, photoUrl });
      const files = await writeExport(
        dir,
        [account('avec-photo', `${base}/ok.png?alt=media`), account('photo-perdue', `${base}/perdue.png?alt=media`), account('pas-une-image', `${base}/page.png?alt=media`)],
        'firestore-export-import',
        {},
      );
      const report = await importFirebase(test.database.db, { ...files, subscribed: false, dryRun: false });
      expect(report.counts.accounts.imported).toBe(3);
      expect(report.counts.pictures).toEqual({ read: 3, imported: 1, alreadyThere: 0, skipped: 2 });
      expect(report.skipped).toEqual([
        { kind: 'pictures', record: 'photo-perdue', reason: 'photo non téléchargée (HTTP 404)' },
        { kind: 'pictures', record: 'pas-une-image', reason: 'image refusée (seuls PNG, JPEG et WebP lisibles passent)' },
      ]);
      const withPicture = await test.database.db.selectFrom('users').select(['firebase_uid', 'picture_version']).where('picture_version', '>', 0).execute();
      expect(withPicture).toEqual([{ firebase_uid: 'avec-photo', picture_version: 1 }]);
    });
  });
});
