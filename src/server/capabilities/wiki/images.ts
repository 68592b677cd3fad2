import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { WIKI_IMAGE_MAX_PIXELS, WIKI_IMAGE_MAX_WIDTH, wikiMessages } from '../../../shared/wiki';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';

let sharpLoaded: Promise<typeof import('sharp').default> | undefined;

/** sharp (libvips) is loaded on the first upload, as for profile pictures (decision 0017), one libvips thread per image. */
function loadSharp() {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

// The formats accepted, by their first bytes, checked before sharp sees anything: it would also
// parse SVG, TIFF, HEIF or GIF, whatever the upload claims to be.
const SIGNATURES: ((bytes: Buffer) => boolean)[] = [
  (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), // PNG
  (bytes) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])), // JPEG
  (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP', // WebP
];

let previous: Promise<unknown> = Promise.resolve();

/** One image at a time on this instance: a burst of uploads keeps one core busy, not both. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = previous.then(work, work);
  previous = result.catch(() => undefined);
  return result;
}

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
  if (!SIGNATURES.some((matches) => matches(upload))) throw invalid();
  const sharp = await loadSharp();
  return oneAtATime(async () => {
    let pixels: number;
    try {
      const { format, width, height } = await sharp(upload, { limitInputPixels: false }).metadata();
      if (format !== 'png' && format !== 'jpeg' && format !== 'webp') throw new Error(`format ${format}`);
      pixels = width * height;
    } catch {
      throw invalid();
    }
    if (pixels > WIKI_IMAGE_MAX_PIXELS) throw new AppError(400, 'wiki/image-too-large', wikiMessages.imageTooLarge);
    try {
      const { data, info } = await sharp(upload, { limitInputPixels: WIKI_IMAGE_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: WIKI_IMAGE_MAX_WIDTH, withoutEnlargement: true })
        // Screenshots are text and flat colours: near-lossless keeps letters sharp at a fraction of PNG's weight.
        .webp({ quality: 90, nearLossless: true })
        .toBuffer({ resolveWithObject: true });
      return { hash: createHash('sha256').update(data).digest('hex'), content: data, width: info.width, height: info.height };
    } catch {
      throw invalid();
    }
  });
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
