import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { WIKI_IMAGE_MAX_PIXELS, WIKI_IMAGE_MAX_WIDTH, wikiMessages } from '../../../shared/wiki';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { reencodeImage } from '../../platform/images';

export interface Screenshot {
  hash: string;
  content: Buffer;
  width: number;
  height: number;
}

const invalid = () => new AppError(400, 'wiki/invalid-image', wikiMessages.imageInvalid);

/**
 * Re-encodes a screenshot for an article: only a PNG, JPEG or WebP of at most
 * WIKI_IMAGE_MAX_PIXELS gets through; it leaves as a WebP at most WIKI_IMAGE_MAX_WIDTH wide,
 * turned upright and without its metadata (no position nor device from a phone's photo).
 */
export async function normalizeScreenshot(upload: Buffer): Promise<Screenshot> {
  const { data, info } = await reencodeImage(upload, {
    maxPixels: WIKI_IMAGE_MAX_PIXELS,
    invalid,
    tooLarge: () => new AppError(400, 'wiki/image-too-large', wikiMessages.imageTooLarge),
    // Screenshots are text and flat colours: near-lossless keeps letters sharp at a fraction of PNG's weight.
    encode: (image) => image.resize({ width: WIKI_IMAGE_MAX_WIDTH, withoutEnlargement: true }).webp({ quality: 90, nearLossless: true }),
  });
  return { hash: createHash('sha256').update(data).digest('hex'), content: data, width: info.width, height: info.height };
}

/** Stores the image once: the same content uploaded again is the same row. */
export async function storeScreenshot(db: Kysely<Database>, screenshot: Screenshot, uploadedBy: string): Promise<void> {
  await db
    .insertInto('wiki_images')
    .values({ id: screenshot.hash, content: screenshot.content, width: screenshot.width, height: screenshot.height, uploaded_by: uploadedBy })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export async function findScreenshot(db: Kysely<Database>, hash: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('wiki_images').select('content').where('id', '=', hash).executeTakeFirst();
  return row?.content;
}
