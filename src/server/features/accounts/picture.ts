import sharp from 'sharp';
import { AppError } from '../../http/errors';

const SIZE = 256;

/**
 * Re-encodes an uploaded profile picture: whatever the upload claimed, only an image sharp
 * can decode as PNG, JPEG or WebP gets through; it leaves as a 256×256 WebP without its
 * metadata (no GPS position from a phone photo ends up public).
 */
export async function normalizePicture(upload: Buffer): Promise<{ content: Buffer; contentType: string }> {
  try {
    const image = sharp(upload, { limitInputPixels: 40_000_000, failOn: 'error' });
    const { format } = await image.metadata();
    if (format !== 'png' && format !== 'jpeg' && format !== 'webp') throw new Error(`format ${format}`);
    const content = await image.rotate().resize(SIZE, SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
    return { content, contentType: 'image/webp' };
  } catch {
    throw new AppError(400, 'users/invalid-picture');
  }
}
