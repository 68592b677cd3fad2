import { defaultPublicConfig } from '../../src/shared/public-config';

// vitest.config.ts maps the build-time constant __PUBLIC_CONFIG__ to this global.
(globalThis as { __TEST_PUBLIC_CONFIG__?: unknown }).__TEST_PUBLIC_CONFIG__ = defaultPublicConfig;
