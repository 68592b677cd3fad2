import type { PublicConfig } from '../shared/public-config';

declare const __PUBLIC_CONFIG__: PublicConfig;

/** Names, contact and store links, fixed when the client was built (see scripts/start.mjs). */
export const publicConfig: PublicConfig = __PUBLIC_CONFIG__;
