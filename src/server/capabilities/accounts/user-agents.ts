import Bowser from 'bowser';

/**
 * What the sessions list and the new-browser mail call a browser, from its User-Agent alone
 * (no address, no location: the site asks no outside service about anyone): 'Chrome 131 sur
 * Windows 10', 'Safari 17 sur iPhone (iOS 17.4)'.
 */
export function describeUserAgent(userAgent: string): { browser: string; device: string } {
  if (!userAgent) return { browser: 'Navigateur inconnu', device: 'Appareil inconnu' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : 'Navigateur inconnu';
  const system = os.name ? `${os.name}${os.versionName ?? os.version ? ` ${os.versionName ?? os.version}` : ''}` : undefined;
  const model = platform.model ?? (platform.type === 'mobile' ? 'Téléphone' : platform.type === 'tablet' ? 'Tablette' : undefined);
  const device = model ? `${model}${system ? ` (${system})` : ''}` : (system ?? 'Appareil inconnu');
  return { browser: name, device };
}
