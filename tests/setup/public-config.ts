import { defaultPublicConfig } from '../../src/shared/public-config';

// The client reads the build-time constant __PUBLIC_CONFIG__ (vite.config.ts); under Vitest
// it is this global, set before any test file imports the client.
(globalThis as { __PUBLIC_CONFIG__?: unknown }).__PUBLIC_CONFIG__ = defaultPublicConfig;
