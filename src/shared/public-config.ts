import { email, text, url, type Env } from './environment';

/** The part of the configuration that pages need; baked into the client build. */
export interface PublicConfig {
  projectName: string;
  appName: string;
  contactEmail: string;
  iosStoreUrl: string;
  androidStoreUrl: string;
  publicUrl: string;
}

export const defaultPublicConfig: PublicConfig = {
  projectName: 'Unissons',
  appName: 'CalShare',
  contactEmail: 'contact@example.org',
  iosStoreUrl: 'https://www.apple.com/app-store/',
  androidStoreUrl: 'https://play.google.com/store/apps',
  publicUrl: 'http://localhost:3000',
};

/** Each public setting's variable: they are baked into the pages at build time. */
export const PUBLIC_SETTINGS: Record<keyof PublicConfig, string> = {
  projectName: 'PROJECT_NAME',
  appName: 'APP_NAME',
  contactEmail: 'CONTACT_EMAIL',
  iosStoreUrl: 'IOS_STORE_URL',
  androidStoreUrl: 'ANDROID_STORE_URL',
  publicUrl: 'PUBLIC_URL',
};

/** Read by the build, which bakes them into the pages, and by the server, which checks the pages hold its own. */
export function readPublicConfig(env: Env): PublicConfig {
  const d = defaultPublicConfig;
  const s = PUBLIC_SETTINGS;
  return {
    projectName: text(env, s.projectName, d.projectName),
    appName: text(env, s.appName, d.appName),
    contactEmail: email(env, s.contactEmail, d.contactEmail),
    iosStoreUrl: url(env, s.iosStoreUrl, d.iosStoreUrl, ['https:', 'http:']),
    androidStoreUrl: url(env, s.androidStoreUrl, d.androidStoreUrl, ['https:', 'http:']),
    publicUrl: url(env, s.publicUrl, d.publicUrl, ['https:', 'http:']).replace(/\/+$/, ''),
  };
}
