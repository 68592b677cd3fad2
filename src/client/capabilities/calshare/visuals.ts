/**
 * The shareable visuals (PRODUCT.md "Visuals") and the Open Graph image, drawn from the
 * project's own SVG sources (src/build-time/calshare/visual-svgs.ts) into PNGs at build time.
 */
interface Visual {
  file: string;
  width: number;
  height: number;
  /** What the picture shows, for its alt text. */
  label: string;
}

export const VISUALS = {
  post: { file: 'visuals/post-1080x1080.png', width: 1080, height: 1080, label: 'Visuel carré pour une publication' },
  story: { file: 'visuals/story-1080x1920.png', width: 1080, height: 1920, label: 'Visuel vertical pour une story' },
  openGraph: { file: 'visuals/og-1200x630.png', width: 1200, height: 630, label: 'Aperçu du site pour les réseaux sociaux' },
} as const satisfies Record<string, Visual>;

export type VisualName = keyof typeof VISUALS;

export const visualPath = (name: VisualName) => `/${VISUALS[name].file}`;
