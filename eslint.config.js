// One lint config. Its main job besides the usual checks: keep imports flowing one way
// (web → shared ← functions; infra reads the route table and may use functions' repos locally).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const flowPatterns = (...dirs) => dirs.map((d) => ({ group: [`**/${d}/**`, `${d}/**`], message: `Imports flow web → shared ← functions: this folder may not import from ${d}/.` }));
const forbid = (...dirs) => ({ 'no-restricted-imports': ['error', { patterns: flowPatterns(...dirs) }] });

// Web features (web/src/features/<f>/): a feature may import components/, lib/, config/, @shared
// and its own files; another feature only through its public surface, its `api/` files (the
// data hooks, fetchers and response types). Its components, labels and helpers are internals.
const OTHER_FEATURE = 'Import another feature only through its api/ files (its public surface); move what both need to components/ or lib/.';
const featureRules = (otherFeature) => ({
  'no-restricted-imports': ['error', { patterns: [...flowPatterns('functions', 'infra'), { regex: otherFeature, message: OTHER_FEATURE }] }],
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
  // From features/<f>/<folder>/x.tsx another feature is ../../<g>/…; from features/<f>/x.ts it is ../<g>/….
  { files: ['web/src/features/*/*/**'], rules: featureRules('^\\.\\./\\.\\./[\\w-]+/(?!api/)') },
  { files: ['web/src/features/*/*.{ts,tsx}'], rules: featureRules('^\\.\\./[\\w-]+/(?!api/)') },
  {
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
