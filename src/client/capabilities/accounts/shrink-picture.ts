import { PICTURE_MAX_BYTES, PICTURE_MAX_PIXELS } from '../../../shared/accounts';

/**
 * The longest side of a picture redrawn before its upload, the second when the first still
 * weighs too much: the server keeps a 256×256 avatar of it, so 1280 pixels lose nothing.
 */
const SHRUNK_SIDES = [1280, 640];
const JPEG_QUALITY = 0.85;

interface ShrunkPicture {
  file: File;
  width: number;
  height: number;
}

const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;

/**
 * A photo straight from a phone weighs 5 to 10 MB, over the server's limit: redrawn smaller as
 * a JPEG here, it is sent instead, and the server's checks stay as they are. Undefined when the
 * picture fits as it is, or when the browser cannot read or shrink it enough (the size rule, or
 * the server, then says why).
 */
export async function shrinkPicture(picture: File): Promise<ShrunkPicture | undefined> {
  let bitmap: ImageBitmap;
  try {
    // Turned the way the photo was taken (its EXIF orientation), as browsers do by default.
    bitmap = await createImageBitmap(picture);
  } catch {
    return undefined;
  }
  try {
    if (picture.size <= PICTURE_MAX_BYTES && bitmap.width * bitmap.height <= PICTURE_MAX_PIXELS) return undefined;
    for (const side of SHRUNK_SIDES) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) return undefined;
      // JPEG has no transparency: what was transparent turns white rather than black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
      if (blob && blob.size <= PICTURE_MAX_BYTES) {
        return { file: new File([blob], jpegName(picture.name), { type: 'image/jpeg' }), width, height };
      }
    }
    return undefined;
  } finally {
    bitmap.close();
  }
}

/** '8,2 Mo', '412 Ko': as a French file manager says it, the unit kept on the number's line. */
export function formatFileSize(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1) return `${megabytes.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0Mo`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')}\u00a0Ko`;
}
