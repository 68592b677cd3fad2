import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'test-results/', 'data/', '.e2e-builds/', '.stryker-tmp/', 'reports/'] },
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
  // server never imports a page, and what both use depends on neither.
  ...[
    { files: ['src/client/**'], forbidden: ['server'] },
    { files: ['src/server/**'], forbidden: ['client'] },
    { files: ['src/shared/**'], forbidden: ['client', 'server'] },
  ].map(({ files, forbidden }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((side) => ({
            regex: `(^|/)${side}/`,
            message: `Only src/shared is common to the client and the server: this file may not import from src/${side}.`,
          })),
        },
      ],
    },
  })),
);
