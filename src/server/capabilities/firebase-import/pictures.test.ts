import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { writeExport } from './export-fixture';
import { importFirebase } from './import-firebase';
import { storageObjectPath } from './pictures';

// The import refuses to download from the server's own network, so the pictures served here
// on 127.0.0.1 come through only once a test lets that one address by.
const loopback = vi.hoisted(() => ({ allowed: false }));
vi.mock('./public-address', async (importOriginal) => {
  const { isPublicAddress } = await importOriginal<typeof import('./public-address')>();
  return { isPublicAddress: (address: string) => (loopback.allowed && address === '127.0.0.1') || isPublicAddress(address) };
});

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
    let port: number;
    let dir: string;
    const requested: string[] = [];

    beforeAll(async () => {
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#e70' } }).png().toBuffer();
      server = http.createServer((request, response) => {
        const url = request.url ?? '';
        requested.push(url);
        if (url.startsWith('/v0/b/projet/o/ok.png')) response.writeHead(200, { 'content-type': 'image/png' }).end(png);
        else if (url.startsWith('/v0/b/projet/o/page.png')) response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
        else if (url.startsWith('/redirect')) response.writeHead(302, { location: '/v0/b/projet/o/ok.png?followed' }).end();
        else if (url.startsWith('/endless')) {
          // Bytes as fast as the import takes them, never ending.
          response.writeHead(200, { 'content-type': 'image/png' });
          const more = () => {
            while (response.write(Buffer.alloc(64 * 1024, 1)));
          };
          response.on('drain', more);
          more();
        } else if (url.startsWith('/slow')) response.writeHead(200, { 'content-type': 'image/png' }).write(png.subarray(0, 10));
        else response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'firebase-pictures-'));
    });
    afterAll(async () => {
      server.closeAllConnections();
      server.close();
      await fs.rm(dir, { recursive: true, force: true });
    });

    const account = (localId: string, photoUrl: string) => ({ localId, email: `${localId}@exemple.fr`, photoUrl });
    const importAccounts = async (accounts: ReturnType<typeof account>[]) => {
      const files = await writeExport(path.join(dir, accounts[0].localId), accounts, 'firestore-export-import', {});
      return importFirebase(test.database.db, { ...files, subscribed: false, dryRun: false });
    };

    it('refuses an address of the server’s own network, whatever name leads there, and asks it nothing', async () => {
      loopback.allowed = false;
      const report = await importAccounts([account('par-adresse', `http://127.0.0.1:${port}/v0/b/projet/o/ok.png`), account('par-nom', `http://localhost:${port}/v0/b/projet/o/ok.png`)]);
      expect(report.counts.accounts.imported).toBe(2);
      expect(report.skipped).toEqual([
        { kind: 'pictures', record: 'par-adresse', reason: 'photo refusée : 127.0.0.1 mène à une adresse interne (127.0.0.1)' },
        { kind: 'pictures', record: 'par-nom', reason: expect.stringMatching(/^photo refusée : localhost mène à une adresse interne \((127\.0\.0\.1|::1)\)$/) },
      ]);
      expect(requested).toEqual([]);
    });

    it('lands what arrives as a picture, and reports what does not (a redirect, an endless or slow body), keeping the account and going on', async () => {
      loopback.allowed = true;
      const base = `http://127.0.0.1:${port}`;
      const report = await importAccounts([
        account('avec-photo', `${base}/v0/b/projet/o/ok.png?alt=media`),
        account('photo-perdue', `${base}/v0/b/projet/o/perdue.png?alt=media`),
        account('pas-une-image', `${base}/v0/b/projet/o/page.png?alt=media`),
        account('redirigee', `${base}/redirect`),
        account('sans-fin', `${base}/endless`),
        account('lente', `${base}/slow`),
      ]);
      expect(report.counts.accounts.imported).toBe(6);
      expect(report.counts.pictures).toEqual({ read: 6, imported: 1, alreadyThere: 0, skipped: 5 });
      expect(report.skipped).toEqual([
        { kind: 'pictures', record: 'photo-perdue', reason: 'photo non téléchargée (HTTP 404)' },
        { kind: 'pictures', record: 'pas-une-image', reason: 'image refusée (seuls PNG, JPEG et WebP lisibles passent)' },
        { kind: 'pictures', record: 'redirigee', reason: 'photo non téléchargée (HTTP 302, redirection non suivie)' },
        { kind: 'pictures', record: 'sans-fin', reason: 'image trop grande' },
        { kind: 'pictures', record: 'lente', reason: 'photo non téléchargée (délai dépassé)' },
      ]);
      expect(requested.filter((url) => url.includes('followed'))).toEqual([]);
      const withPicture = await test.database.db.selectFrom('users').select(['firebase_uid', 'picture_version']).where('picture_version', '>', 0).execute();
      expect(withPicture).toEqual([{ firebase_uid: 'avec-photo', picture_version: 1 }]);
    });
  });
});
