import { lookup } from 'node:dns/promises';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { PICTURE_MAX_BYTES } from '../../../shared/accounts';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { normalizePicture } from '../accounts/index';
import type { RunBatch } from './land';
import { type ImportReport, skip } from './report';
import { isPublicAddress } from './public-address';
import type { ImportProgress } from './stage';
import { staging } from './staging';

const FETCH_TIMEOUT_MS = 10_000;
const PICTURES_PER_BATCH = 100;

/**
 * Where a picture lies in the Storage bucket: the object path of a download URL
 * (`…/v0/b/BUCKET/o/ENCODED_PATH?alt=media…`), of `gs://BUCKET/PATH` or of a public URL
 * (`…/BUCKET/PATH`), or the value itself when it already is a path.
 */
export function storageObjectPath(reference: string): string {
  if (reference.startsWith('gs://')) return reference.replace(/^gs:\/\/[^/]+\//, '');
  let url: URL;
  try {
    url = new URL(reference);
  } catch {
    return reference.replace(/^\/+/, '');
  }
  const download = /^\/v0\/b\/[^/]+\/o\/(.+)$/.exec(url.pathname);
  if (download) return decodeURIComponent(download[1]);
  return decodeURIComponent(url.pathname.replace(/^\/[^/]+\//, ''));
}

class MissingPicture extends Error {}

async function pictureBytes(reference: string, directory: string | undefined): Promise<Buffer> {
  if (directory) {
    const root = path.resolve(directory);
    const file = path.resolve(root, storageObjectPath(reference));
    // An object path never leaves the bucket's copy.
    if (!file.startsWith(root + path.sep)) throw new MissingPicture('hors du dossier --pictures');
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) throw new MissingPicture(`absente de ${directory} (${path.relative(root, file)})`);
    if (stat.size > PICTURE_MAX_BYTES) throw new AppError(400, 'users/picture-too-large');
    return fs.readFile(file);
  }
  if (!/^https?:\/\//.test(reference)) throw new MissingPicture('introuvable : ni URL ni dossier --pictures');
  return downloadPicture(reference);
}

/**
 * A picture fetched by its URL, which members could write on the old site: only from a public
 * address, the one checked (the connection is made to it, not to a second resolution of the
 * name), without following a redirect, within 10 seconds and 3 MB. Whatever goes wrong is a
 * missing picture, so that the import goes on.
 */
async function downloadPicture(reference: string): Promise<Buffer> {
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  try {
    const url = new URL(reference);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = await lookup(host, { all: true });
    const internal = addresses.find(({ address }) => !isPublicAddress(address));
    if (internal) throw new MissingPicture(`refusée : ${host} mène à une adresse interne (${internal.address})`);
    const pinned: LookupFunction = (_hostname, options, callback) =>
      options.all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family);
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      (url.protocol === 'https:' ? https : http).get(url, { lookup: pinned, agent: false, signal }, resolve).on('error', reject);
    });
    if (response.statusCode !== 200) {
      response.destroy();
      const redirect = response.statusCode !== undefined && response.statusCode >= 300 && response.statusCode < 400;
      throw new MissingPicture(`non téléchargée (HTTP ${response.statusCode}${redirect ? ', redirection non suivie' : ''})`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > PICTURE_MAX_BYTES) throw new AppError(400, 'users/picture-too-large');
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof MissingPicture || error instanceof AppError) throw error;
    throw new MissingPicture(`non téléchargée (${signal.aborted ? 'délai dépassé' : (error as Error).message})`);
  }
}

const REFUSALS: Record<string, string> = {
  'users/invalid-picture': 'image refusée (seuls PNG, JPEG et WebP lisibles passent)',
  'users/picture-too-large': 'image trop grande',
};

/**
 * The profile pictures of the imported accounts that have none yet: from the local copy of
 * the bucket (`--pictures`), else fetched, then through the same checks and re-encoding as an
 * upload. A missing or refused picture is reported; the account stays.
 */
export async function landPictures(db: Kysely<Database>, batch: RunBatch, directory: string | undefined, report: ImportReport, progress: ImportProgress) {
  const counts = report.counts.pictures;
  const reference = sql<string | null>`coalesce(nullif(p.data->>'profilePic', ''), nullif(a.photo_url, ''))`;
  const references = () =>
    staging(db)
      .selectFrom('firebase_import_accounts as a')
      .innerJoin('users as u', 'u.firebase_uid', 'a.uid')
      .leftJoin('firebase_import_profiles as p', 'p.uid', 'a.uid')
      .select(['a.seq', 'a.uid', 'u.id as user_id', 'u.picture_version', reference.as('reference')])
      .where(sql<boolean>`${reference} is not null`);
  const total = await staging(db).selectFrom(references().as('r')).select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  counts.read = Number(total.count);
  progress.phase('Photos de profil', counts.read);
  for (let cursor = 0; ; ) {
    const rows = await references().where('a.seq', '>', cursor).orderBy('a.seq').limit(PICTURES_PER_BATCH).execute();
    if (rows.length === 0) break;
    cursor = rows.at(-1)!.seq;
    for (const row of rows) {
      if (row.picture_version > 0) {
        counts.alreadyThere += 1;
        continue;
      }
      try {
        const { content, contentType } = await normalizePicture(await pictureBytes(row.reference as string, directory));
        await batch(async (trx) => {
          await trx.insertInto('user_pictures').values({ user_id: row.user_id, content, content_type: contentType }).onConflict((oc) => oc.doNothing()).execute();
          await trx.updateTable('users').set({ picture_version: 1 }).where('id', '=', row.user_id).where('picture_version', '=', 0).execute();
        });
        counts.imported += 1;
      } catch (error) {
        if (error instanceof MissingPicture) skip(report, 'pictures', row.uid, `photo ${error.message}`);
        else if (error instanceof AppError) skip(report, 'pictures', row.uid, REFUSALS[error.code] ?? error.code);
        else throw error;
      }
      progress.update(counts.imported + counts.alreadyThere + counts.skipped, counts.imported, counts.skipped);
    }
  }
}
