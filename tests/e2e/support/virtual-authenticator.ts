import type { BrowserContext, Page } from 'playwright-core';

export interface Credential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  privateKey: string;
  userHandle: string;
  signCount: number;
}

/**
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain) on this page: a
 * phone's built-in one, which keeps passkeys and checks its owner (fingerprint, face) at once.
 */
export async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    async credentials(): Promise<Credential[]> {
      return ((await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as { credentials: Credential[] }).credentials;
    },
    /** As a passkey synced from another device of the member's. */
    async add(credential: Credential) {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
  };
}
