import type { OutputInfo, Sharp } from 'sharp';
import type { AppError } from './http/errors';

let sharpLoaded: Promise<typeof import('sharp').default> | undefined;

/**
 * sharp (libvips) is loaded on the first upload: it weighs 30 MB of the server's memory,
 * which a server that never sees an image need not hold (decision 0017).
 */
function loadSharp() {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // sharp runs each image on a libuv worker thread, the pool argon2 also uses for every
    // login and registration (4 threads by default), and by default spreads one image over as
    // many libvips threads as there are cores. One libvips thread per image, and one image at
    // a time (below), keep a burst of uploads to one worker and one core, so password checks
    // still find free threads.
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

let previous: Promise<unknown> = Promise.resolve();

/** Runs images one after the other, whichever capability uploads them (see sharp.concurrency above). */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = previous.then(work, work);
  previous = result.catch(() => undefined);
  return result;
}

interface ReencodeOptions {
  /** Images with more pixels are refused before anything is decoded. */
  maxPixels: number;
  /** Not a PNG, JPEG or WebP, or one that cannot be decoded. */
  invalid: () => AppError;
  tooLarge: () => AppError;
  /** What becomes of the image, already turned upright: its size and output format. */
  encode: (image: Sharp) => Sharp;
}

/**
 * An uploaded image re-encoded: only a PNG, JPEG or WebP of at most `maxPixels` gets through,
 * turned upright and without its metadata (no GPS position nor device from a phone's photo).
 */
export async function reencodeImage(upload: Buffer, { maxPixels, invalid, tooLarge, encode }: ReencodeOptions): Promise<{ data: Buffer; info: OutputInfo }> {
  if (!SIGNATURES.some((matches) => matches(upload))) throw invalid();
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
      throw invalid();
    }
    if (pixels > maxPixels) throw tooLarge();
    try {
      return await encode(sharp(upload, { limitInputPixels: maxPixels, failOn: 'error' }).rotate()).toBuffer({ resolveWithObject: true });
    } catch {
      throw invalid();
    }
  });
}
