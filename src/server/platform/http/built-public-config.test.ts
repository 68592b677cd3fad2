import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { defaultPublicConfig } from '../../../shared/public-config';
import { readPublicConfig } from '../../../shared/public-config';
import { builtPublicConfigFile, builtPublicConfigMismatches } from './built-public-config';

const build = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-built-config-'));
const clientDir = path.join(build, 'client');
afterAll(() => fs.rm(build, { recursive: true, force: true }));

it('names each setting the pages were built with that the server reads differently, with both values', async () => {
  await fs.writeFile(builtPublicConfigFile(clientDir), JSON.stringify(readPublicConfig({ PUBLIC_URL: 'https://ancien.example.org' })));
  const server = readPublicConfig({ PUBLIC_URL: 'https://unissons.example.org/', CONTACT_EMAIL: 'bonjour@unissons.example.org' });
  expect(await builtPublicConfigMismatches(clientDir, server)).toEqual([
    { name: 'CONTACT_EMAIL', built: defaultPublicConfig.contactEmail, server: 'bonjour@unissons.example.org' },
    { name: 'PUBLIC_URL', built: 'https://ancien.example.org', server: 'https://unissons.example.org' },
  ]);
  expect(await builtPublicConfigMismatches(clientDir, readPublicConfig({ PUBLIC_URL: 'https://ancien.example.org' }))).toEqual([]);
});

it('has nothing to compare without the build’s record', async () => {
  expect(await builtPublicConfigMismatches('/nonexistent/client', readPublicConfig({ PUBLIC_URL: 'https://unissons.example.org' }))).toEqual([]);
});
