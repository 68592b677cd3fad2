import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'test-results/', 'data/', '.e2e-builds/', '.test-builds/', '.stryker-tmp/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  // The three sides meet only through src/shared: the pages never bundle server code, the
  // server never imports a page, and what both use depends on neither. Within a side, the
  // platform depends on no capability, and a capability reaches another only through that
  // one's index.ts, the surface it offers (docs/architecture.md).
  ...importRules(),
);

function importRules() {
  const side = (forbidden) =>
    forbidden.map((other) => ({
      regex: `(^|/)${other}/`,
      message: `Only src/shared is common to the client and the server: this file may not import from src/${other}.`,
    }));
  const platformToCapability = {
    regex: '(^|/)capabilities/',
    message: 'The platform serves every capability and depends on none: move what it needs into the platform, or let the capability hand it over.',
  };
  const throughIndex = (name, depth) => ({
    regex: `^${'\\.\\./'.repeat(depth)}(?!${name}/)[^./][^/]*/(?!index$)(?!.*\\.css$)`,
    message: `Another capability is reached through its index.ts only: export what ${name} needs there.`,
  });
  const rule = (files, patterns, ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } });
  // Tests, like the pages in routes/, may put several capabilities together.
  const tests = ['**/*.test.ts', '**/*.test.tsx'];
  const configs = [rule(['src/shared/**'], side(['client', 'server']))];
  // The build bakes pages from the client and shared code; what it shares with the server
  // (the public settings' rules) lives in src/shared.
  configs.push(rule(['vite.config.ts', 'scripts/vite-site-content.ts', 'src/build-time/**'], side(['server'])));
  for (const [here, other] of [['client', 'server'], ['server', 'client']]) {
    configs.push(rule([`src/${here}/**`], side([other])));
    configs.push(rule([`src/${here}/platform/**`], [...side([other]), platformToCapability]));
    for (const name of fs.readdirSync(`src/${here}/capabilities`)) {
      configs.push(rule([`src/${here}/capabilities/${name}/*`], [...side([other]), throughIndex(name, 1)], tests));
      configs.push(rule([`src/${here}/capabilities/${name}/*/*`], [...side([other]), throughIndex(name, 2)], tests));
    }
  }
  // The platform's own tests may drive it through the app, as any test would.
  configs.push(rule(['src/server/platform/**/*.test.ts'], side(['client'])));
  configs.push(rule(['src/client/platform/testing/**', 'src/client/platform/**/*.test.{ts,tsx}'], side(['server'])));
  return configs;
}
