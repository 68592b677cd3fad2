import { PICTURE_MAX_PIXELS } from '../../../shared/accounts';
import { AppError } from '../../platform/http/errors';
import { reencodeImage } from '../../platform/images';

const SIZE = 256;

/**
 * Re-encodes an uploaded profile picture: only a PNG, JPEG or WebP of at most
 * PICTURE_MAX_PIXELS gets through; it leaves as a 256×256 WebP without its metadata (no GPS
 * position from a phone photo ends up public).
 */
export async function normalizePicture(upload: Buffer): Promise<{ content: Buffer; contentType: string }> {
  const { data } = await reencodeImage(upload, {
    maxPixels: PICTURE_MAX_PIXELS,
    invalid: () => new AppError(400, 'users/invalid-picture'),
    tooLarge: () => new AppError(400, 'users/picture-too-large'),
    encode: (image) => image.resize(SIZE, SIZE, { fit: 'cover' }).webp({ quality: 82 }),
  });
  return { content: data, contentType: 'image/webp' };
}
