import sharp from 'sharp';
import type { PublicConfig } from '../../shared/public-config';
import { VISUALS, type VisualName } from '../../client/capabilities/calshare/visuals';
import { openGraphSvg, postSvg, storySvg } from './visual-svgs';

const SOURCES: Record<VisualName, (config: PublicConfig) => string> = {
  post: postSvg,
  story: storySvg,
  openGraph: openGraphSvg,
};

/** Every visual as a PNG of its exact size, keyed by its file path under build/client. */
export async function renderVisuals(config: PublicConfig): Promise<{ file: string; png: Buffer }[]> {
  return Promise.all(
    (Object.keys(VISUALS) as VisualName[]).map(async (name) => {
      const { file, width, height } = VISUALS[name];
      const png = await sharp(Buffer.from(SOURCES[name](config)))
        .resize(width, height)
        .png({ compressionLevel: 9 })
        .toBuffer();
      return { file, png };
    }),
  );
}
