const noSubscription = () => () => {};

/**
 * Whether this browser can use passkeys, for useSyncExternalStore: false while the page is
 * prerendered (and hydrated), then the browser's answer, which does not change. Without the
 * WebAuthn library, so that what every page loads (the re-authentication dialog) stays small.
 */
export const passkeysSupport = [noSubscription, () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function', () => false] as const;
