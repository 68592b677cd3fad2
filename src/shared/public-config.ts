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
