import { PICTURE_MAX_PIXELS } from '../../../shared/accounts';
import { AppError } from '../../platform/http/errors';

const SIZE = 256;

let sharpLoaded: Promise<typeof import('sharp').default> | undefined;

/**
 * sharp (libvips) is loaded on the first upload: it weighs 30 MB of the server's memory,
 * which a server that never sees a picture need not hold (decision 0017).
 */
function loadSharp() {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // sharp runs each image on a libuv worker thread, the pool argon2 also uses for every
    // login and registration (4 threads by default), and by default spreads one image over as
    // many libvips threads as there are cores. One libvips thread per image, and one image at
    // a time (below), keep a burst of uploads to one worker and one core, so password checks
    // still find free threads. A 256×256 avatar does not need more.
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

// The formats we accept, by their first bytes: sharp itself would also parse SVG (librsvg),
// TIFF, HEIF, GIF… whatever the upload's content type claims. Checked before sharp sees it.
const SIGNATURES: ((bytes: Buffer) => boolean)[] = [
  (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), // PNG
  (bytes) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])), // JPEG
  (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP', // WebP
];

const hasPictureSignature = (upload: Buffer) => SIGNATURES.some((matches) => matches(upload));

let previous: Promise<unknown> = Promise.resolve();

/** Runs pictures one after the other (see sharp.concurrency above). */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = previous.then(work, work);
  previous = result.catch(() => undefined);
  return result;
}

/**
 * Re-encodes an uploaded profile picture: only a PNG, JPEG or WebP of at most
 * PICTURE_MAX_PIXELS gets through; it leaves as a 256×256 WebP without its metadata (no GPS
 * position from a phone photo ends up public).
 */
export async function normalizePicture(upload: Buffer): Promise<{ content: Buffer; contentType: string }> {
  if (!hasPictureSignature(upload)) throw new AppError(400, 'users/invalid-picture');
  const sharp = await loadSharp();
  return oneAtATime(async () => {
    let pixels: number;
    try {
      // The header only (no pixel limit yet, which would refuse without saying why): the
      // size is known before anything is decoded.
      const { format, width, height } = await sharp(upload, { limitInputPixels: false }).metadata();
      if (format !== 'png' && format !== 'jpeg' && format !== 'webp') throw new Error(`format ${format}`);
      pixels = width * height;
    } catch {
      throw new AppError(400, 'users/invalid-picture');
    }
    if (pixels > PICTURE_MAX_PIXELS) throw new AppError(400, 'users/picture-too-large');
    try {
      const content = await sharp(upload, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize(SIZE, SIZE, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
      return { content, contentType: 'image/webp' };
    } catch {
      throw new AppError(400, 'users/invalid-picture');
    }
  });
}
