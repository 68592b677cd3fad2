import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { WIKI_IMAGE_MAX_PIXELS, WIKI_IMAGE_MAX_WIDTH, wikiMessages } from '../../../shared/wiki';
import { rowsTouched } from '../../platform/capability';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { reencodeImage } from '../../platform/images';

interface Screenshot {
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

/**
 * Stores the image once: the same content uploaded again is the same row, dated anew, so the
 * daily removal of unused screenshots gives the editor the same day to put it in a text.
 */
export async function storeScreenshot(db: Kysely<Database>, screenshot: Screenshot, uploadedBy: string): Promise<void> {
  await db
    .insertInto('wiki_images')
    .values({ id: screenshot.hash, content: screenshot.content, width: screenshot.width, height: screenshot.height, uploaded_by: uploadedBy })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ created_at: sql`now()` }))
    .execute();
}

/**
 * Removes the screenshots no text holds, a day after their upload: put in a text and taken
 * out before publication, or uploaded and never put in. One named by any version of any text,
 * or by a draft, stays, since restoring an old version must find its images; screenshots can
 * show members' names, so none is kept for nothing.
 */
export async function forgetUnusedScreenshots(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('wiki_images as i')
    .where('i.created_at', '<', sql<Date>`now() - interval '1 day'`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('text_versions as v')
            .select(sql`1`.as('one'))
            .where(sql<boolean>`strpos(v.body, i.id) > 0`)
            .unionAll(selectFrom('text_drafts as d').select(sql`1`.as('one')).where(sql<boolean>`strpos(d.body, i.id) > 0`)),
        ),
      ),
    )
    .executeTakeFirst();
  return rowsTouched(result);
}

export async function findScreenshot(db: Kysely<Database>, hash: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('wiki_images').select('content').where('id', '=', hash).executeTakeFirst();
  return row?.content;
}
