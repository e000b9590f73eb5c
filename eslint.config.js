// One lint config. Its main job besides the usual checks: keep imports flowing one way
// (web → shared ← functions; infra reads the route table and may use functions' repos locally).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const forbid = (...dirs) => ({
  'no-restricted-imports': [
    'error',
    { patterns: dirs.map((d) => ({ group: [`**/${d}/**`, `${d}/**`], message: `Imports flow web → shared ← functions: this folder may not import from ${d}/.` })) },
  ],
});

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'cdk.out/', '.data/', 'dist/', '.bundles/', 'bench/.tmp/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['shared/**'], rules: forbid('functions', 'web', 'infra') },
  { files: ['functions/**'], rules: forbid('web', 'infra') },
  {
    files: ['web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid('functions', 'infra') },
  },
  {
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
