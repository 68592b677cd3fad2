import type { PublicConfig } from '../../shared/public-config';
import { VISUALS } from '../../client/capabilities/calshare/visuals';

/**
 * SVG sources of the visuals, in the site's colours, with the logo drawn as in
 * src/client/platform/ui/Logo.tsx. Text uses fonts every Debian machine has (DejaVu, Liberation).
 */
const NAVY = '#0b1f4d';
const BLUE = '#0b3d91';
const ORANGE = '#ff7a1a';
const SOFT = '#d6e0f5';
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A bold sans glyph is about 0.62 em wide on average: long names shrink to stay in frame. */
export function fitFontSize(text: string, maxWidth: number, size: number): number {
  const estimated = Array.from(text).length * size * 0.62;
  return estimated <= maxWidth ? size : Math.floor((size * maxWidth) / estimated);
}

function text(content: string, x: number, y: number, size: number, options: { weight?: number; fill?: string; anchor?: string; italic?: boolean; maxWidth?: number; spacing?: number } = {}) {
  const fitted = options.maxWidth ? fitFontSize(content, options.maxWidth, size) : size;
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${fitted}" font-weight="${options.weight ?? 700}"${options.italic ? ' font-style="italic"' : ''} fill="${options.fill ?? '#ffffff'}" text-anchor="${options.anchor ?? 'start'}"${options.spacing ? ` letter-spacing="${options.spacing}"` : ''}>${escapeXml(content)}</text>`;
}

/** The emblem of src/client/platform/ui/Logo.tsx (40-unit box) at any place and size. */
function logoMark(x: number, y: number, size: number) {
  return `<g transform="translate(${x} ${y}) scale(${size / 40})">
    <circle cx="20" cy="20" r="20" fill="${BLUE}"/>
    <circle cx="20" cy="20" r="19.3" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="1.4"/>
    <path d="M35 14.5A16 16 0 0 1 25.5 35" fill="none" stroke="${ORANGE}" stroke-width="2.75" stroke-linecap="round"/>
    <path d="M10.5 10.5c1 9 4 17 9.5 17s8.5-8 9.5-17" fill="none" stroke="#ffffff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="20" cy="14.5" r="4.25" fill="${ORANGE}"/>
  </g>`;
}

function background(width: number, height: number) {
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${NAVY}"/><stop offset="0.6" stop-color="${BLUE}"/><stop offset="1" stop-color="#1452b8"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.92" cy="0" r="0.55">
      <stop offset="0" stop-color="${ORANGE}" stop-opacity="0.35"/><stop offset="1" stop-color="${ORANGE}" stop-opacity="0"/>
    </radialGradient>
    <pattern id="track" width="56" height="56" patternUnits="userSpaceOnUse" patternTransform="rotate(-35)">
      <rect width="18" height="56" fill="#ffffff" fill-opacity="0.07"/>
    </pattern>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  <path d="M${width * 0.35} ${height} L${width} ${height * 0.45} L${width} ${height} Z" fill="url(#track)"/>`;
}

/** A road to a stadium with a car on it: the app in one picture. */
function roadToStadium(x: number, y: number, scale: number) {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M40 300 C160 260 180 170 330 150" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="46" stroke-linecap="round"/>
    <path d="M40 300 C160 260 180 170 330 150" fill="none" stroke="#ffffff" stroke-width="4" stroke-dasharray="18 16" stroke-linecap="round"/>
    <g transform="translate(330 60)">
      <ellipse cx="90" cy="110" rx="96" ry="34" fill="${NAVY}"/>
      <path d="M-6 110 V70 C-6 40 186 40 186 70 V110" fill="${BLUE}" stroke="#ffffff" stroke-width="5"/>
      <ellipse cx="90" cy="70" rx="96" ry="30" fill="#157a3b" stroke="#ffffff" stroke-width="5"/>
      <ellipse cx="90" cy="70" rx="40" ry="12" fill="none" stroke="#ffffff" stroke-width="3"/>
      <path d="M20 40 V0 M160 40 V0" stroke="#ffffff" stroke-width="5"/>
      <path d="M20 0 l30 10 -30 10 Z M160 0 l30 10 -30 10 Z" fill="${ORANGE}"/>
    </g>
    <g transform="translate(150 205) rotate(-14)">
      <rect x="0" y="20" width="120" height="36" rx="14" fill="${ORANGE}"/>
      <path d="M22 22 L40 0 H84 L104 22 Z" fill="${ORANGE}"/>
      <path d="M44 6 H80 L94 22 H36 Z" fill="${SOFT}"/>
      <circle cx="30" cy="58" r="13" fill="${NAVY}" stroke="#ffffff" stroke-width="4"/>
      <circle cx="92" cy="58" r="13" fill="${NAVY}" stroke="#ffffff" stroke-width="4"/>
    </g>
  </g>`;
}

function host(publicUrl: string): string {
  try {
    return new URL(publicUrl).host;
  } catch {
    return publicUrl;
  }
}

export function postSvg(config: PublicConfig): string {
  const { width, height } = VISUALS.post;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  ${background(width, height)}
  ${logoMark(80, 80, 110)}
  ${text(config.projectName, 212, 158, 60, { weight: 800, italic: true, maxWidth: 780 })}
  ${text("L'APP DE COVOITURAGE DU SPORT", 80, 330, 34, { fill: ORANGE, spacing: 3, maxWidth: 920 })}
  ${text('On y va', 80, 460, 130, { weight: 800 })}
  ${text('ensemble ?', 80, 600, 130, { weight: 800 })}
  ${text(`Partage la route vers tes événements sportifs avec ${config.appName}.`, 80, 680, 34, { weight: 400, fill: SOFT, maxWidth: 920 })}
  ${roadToStadium(360, 660, 1.3)}
  ${text('Sur iPhone et Android', 80, 960, 36, { maxWidth: 420 })}
  ${text(host(config.publicUrl), 80, 1010, 30, { weight: 400, fill: SOFT, maxWidth: 420 })}
</svg>`;
}

export function storySvg(config: PublicConfig): string {
  const { width, height } = VISUALS.story;
  const steps = ['Trouve ton événement', 'Réserve ta place', 'Partage la route'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  ${background(width, height)}
  ${logoMark(80, 140, 120)}
  ${text(config.projectName, 222, 225, 64, { weight: 800, italic: true, maxWidth: 760 })}
  ${text("L'APP DE COVOITURAGE DU SPORT", 80, 420, 36, { fill: ORANGE, spacing: 3, maxWidth: 920 })}
  ${text('On y va', 80, 570, 150, { weight: 800 })}
  ${text('ensemble ?', 80, 730, 150, { weight: 800 })}
  ${text(`Avec ${config.appName}, partage la route`, 80, 830, 42, { weight: 400, fill: SOFT, maxWidth: 920 })}
  ${text('vers tes événements sportifs.', 80, 890, 42, { weight: 400, fill: SOFT, maxWidth: 920 })}
  ${steps
    .map((step, index) => {
      const y = 1010 + index * 120;
      return `<circle cx="120" cy="${y - 16}" r="40" fill="${ORANGE}"/>
  ${text(String(index + 1), 120, y, 44, { weight: 800, fill: NAVY, anchor: 'middle' })}
  ${text(step, 190, y, 50, { maxWidth: 820 })}`;
    })
    .join('\n  ')}
  ${roadToStadium(200, 1230, 1.45)}
  <rect x="80" y="1740" width="920" height="110" rx="55" fill="${ORANGE}"/>
  ${text(`Télécharge ${config.appName} : ${host(config.publicUrl)}/calshare`, 540, 1810, 38, { fill: NAVY, anchor: 'middle', maxWidth: 840 })}
</svg>`;
}

export function openGraphSvg(config: PublicConfig): string {
  const { width, height } = VISUALS.openGraph;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  ${background(width, height)}
  ${logoMark(80, 80, 120)}
  ${text(config.projectName, 222, 165, 68, { weight: 800, italic: true, maxWidth: 880 })}
  ${text('Ensemble, Unissons le sport !', 80, 330, 76, { weight: 800, maxWidth: 1040 })}
  ${text(`${config.appName}, le covoiturage vers tes événements sportifs`, 80, 410, 38, { weight: 400, fill: SOFT, maxWidth: 1040 })}
  <rect x="80" y="480" width="120" height="8" rx="4" fill="${ORANGE}"/>
  ${text(host(config.publicUrl), 80, 550, 34, { maxWidth: 700 })}
</svg>`;
}
