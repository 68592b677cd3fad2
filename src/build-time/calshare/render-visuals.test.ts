import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { defaultPublicConfig } from '../../shared/public-config';
import { VISUALS } from '../../client/capabilities/calshare/visuals';
import { renderVisuals } from './render-visuals';
import { fitFontSize, postSvg } from './visual-svgs';

describe('visuals', () => {
  it('renders each visual as a PNG of its exact size', async () => {
    const rendered = await renderVisuals(defaultPublicConfig);
    expect(rendered.map((visual) => visual.file)).toEqual(Object.values(VISUALS).map((visual) => visual.file));
    for (const { file, png } of rendered) {
      const expected = Object.values(VISUALS).find((visual) => visual.file === file)!;
      const metadata = await sharp(png).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', expected.width, expected.height]);
    }
  });

  it('escapes the configured names and shrinks a long one to fit', () => {
    const svg = postSvg({ ...defaultPublicConfig, projectName: 'Sport & <Co>' });
    expect(svg).toContain('Sport &amp; &lt;Co&gt;');
    expect(fitFontSize('Court', 500, 60)).toBe(60);
    expect(fitFontSize('Un nom de projet vraiment très très long', 500, 60)).toBeLessThan(60);
  });
});
