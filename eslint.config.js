// One lint config. Its main job besides the usual checks: keep imports flowing one way
// (web → shared ← functions; infra reads the route table and may use functions' repos locally).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const flowPatterns = (...dirs) => dirs.map((d) => ({ group: [`**/${d}/**`, `${d}/**`], message: `Imports flow web → shared ← functions: this folder may not import from ${d}/.` }));
// `import { z } from 'zod'` keeps all of zod in a bundle (~440 KB minified); `import * as z` lets esbuild drop what is unused.
const ZOD_NAMESPACE = {
  selector: "ImportDeclaration[source.value='zod'][importKind='value'] > ImportSpecifier[imported.name='z'][importKind='value']",
  message: "Use `import * as z from 'zod'`: the `z` export keeps all of zod in every Lambda bundle (issue 7 §4).",
};
// A handler imports its own resource's routes (shared/routes/<resource>.ts), not the whole table and all its schemas.
const WHOLE_TABLE = { regex: '(^|/)shared/routes$', message: 'Functions import their resource\'s routes (shared/routes/<resource>.ts) or shared/routes/define.ts, not the whole table: it bundles every schema (issue 7 §4).' };
const LIB_NO_FEATURE = 'functions/lib imports no feature: move what it needs into lib (or the code into the feature), or let the feature pass it in.';
// A feature (functions/<feature>/) reaches another only through that feature's public surface, its
// index.ts (`../<other>`), never a file inside it: not its *.repo.ts, not its domain/ (issue 23).
const OTHER_FEATURE_FN = "Import another feature only through its index (`../<feature>`, issue 23), never its files (its *.repo.ts, domain/, …): export what you need from functions/<feature>/index.ts, or move what both need to functions/lib.";
const featureImports = (otherFeatureFile) => ({ 'no-restricted-imports': ['error', { patterns: [...flowPatterns('web', 'infra'), WHOLE_TABLE, { regex: otherFeatureFile, message: OTHER_FEATURE_FN }] }] });
// A feature's index.ts only re-exports by name: no code, no `export *` (what another feature may use is listed).
const SURFACE_ONLY = { selector: 'Program > :not(ExportNamedDeclaration[source])', message: "A feature's index.ts only re-exports by name (`export { f, type T } from './x'`): no code, no `export *`." };
// functions/package.json says `"sideEffects": false` (esbuild drops a module none of whose exports a
// bundle uses: an index costs a Lambda only what it takes): no module is imported for its side effects.
const NO_BARE_IMPORT = { selector: 'ImportDeclaration[specifiers.length=0]', message: 'functions/ has no side-effect-only modules (functions/package.json: "sideEffects": false drops them from the bundle): import what you use by name.' };
const forbid = (...dirs) => ({ 'no-restricted-imports': ['error', { patterns: flowPatterns(...dirs) }] });

// Web features (web/src/features/<f>/): a feature may import components/, lib/, config/, @shared
// and its own files; another feature only through the index it chooses to expose
// (web/src/features/<g>/index.ts: named re-exports only). Everything else of it is internal.
// app/ (the router, the routes, the layouts) composes features and may import any of their files.
const OTHER_FEATURE = "Import another feature only through its index (`../../<feature>`), which names what it exposes; add it there, or move what both need to components/ or lib/.";
// components/, lib/ and config/ are what features build on: they import no feature and nothing of app/.
const NO_FEATURE = { regex: '(^|/)(features|app)/', message: 'components/, lib/ and config/ import no feature and nothing of app/ (features build on them); a layout that needs features lives in app/layouts.' };
// One form style (issue 23, docs/decisions record 37): a form is `useSchemaForm` (web/src/lib/form.ts:
// react-hook-form with the shared zod schema the server checks). The login form is the one exception:
// its resolver loads on first focus, so zod stays off the landing and login pages.
const ONE_FORM_STYLE = {
  selector: "ImportDeclaration[source.value='react-hook-form'] > ImportSpecifier[imported.name='useForm']",
  message: 'A form is `useSchemaForm(schema, defaults)` from lib/form.ts (react-hook-form with the shared zod schema): not `useForm` directly (issue 23, one form style).',
};
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
      'no-restricted-syntax': ['error', ZOD_NAMESPACE],
    },
  },
  { files: ['shared/**'], rules: forbid('functions', 'web', 'infra') },
  { files: ['functions/**'], rules: { 'no-restricted-imports': ['error', { patterns: [...flowPatterns('web', 'infra'), WHOLE_TABLE] }], 'no-restricted-syntax': ['error', ZOD_NAMESPACE, NO_BARE_IMPORT] } },
  // From functions/<f>/x.ts another feature's file is ../<g>/…; from functions/<f>/<folder>/x.ts it is ../../<g>/… (lib and shared stay allowed).
  { files: ['functions/*/*.ts'], ignores: ['functions/lib/**'], rules: featureImports('^\\.\\./(?!\\.\\./|lib/)[\\w-]+/') },
  { files: ['functions/*/*/*.ts'], ignores: ['functions/lib/**'], rules: featureImports('^\\.\\./\\.\\./(?!\\.\\./|lib/)[\\w-]+/') },
  { files: ['functions/*/*/*/*.ts'], ignores: ['functions/lib/**'], rules: featureImports('^\\.\\./\\.\\./\\.\\./(?!\\.\\./|lib/)[\\w-]+/') },
  { files: ['functions/*/index.ts'], rules: { 'no-restricted-syntax': ['error', ZOD_NAMESPACE, NO_BARE_IMPORT, SURFACE_ONLY] } },
  // functions/lib is what every feature builds on: it imports no feature (functions/<feature>/, its index included), only lib and shared.
  { files: ['functions/lib/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [...flowPatterns('web', 'infra'), WHOLE_TABLE, { regex: '^\\.\\./(?!\\.\\./)[\\w-]+(/|$)', message: LIB_NO_FEATURE }] }] } },
  { files: ['functions/lib/*/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [...flowPatterns('web', 'infra'), WHOLE_TABLE, { regex: '^\\.\\./\\.\\./(?!\\.\\./|lib(/|$))[\\w-]+(/|$)', message: LIB_NO_FEATURE }] }] } },
  {
    files: ['web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid('functions', 'infra') },
  },
  // From features/<f>/<folder>/x.tsx another feature is ../../<g>/…; from features/<f>/x.ts it is ../<g>/…: only its index (../../<g>) may be named.
  { files: ['web/src/features/*/*/**'], rules: featureRules('^\\.\\./\\.\\./[\\w-]+/') },
  { files: ['web/src/features/*/*.{ts,tsx}'], ignores: ['web/src/features/*/index.ts'], rules: featureRules('^\\.\\./[\\w-]+/') },
  { files: ['web/**'], ignores: ['web/src/lib/form.ts', 'web/src/features/auth/components/login-form.tsx'], rules: { 'no-restricted-syntax': ['error', ZOD_NAMESPACE, ONE_FORM_STYLE] } },
  { files: ['web/src/features/*/index.ts'], rules: { 'no-restricted-syntax': ['error', ZOD_NAMESPACE, SURFACE_ONLY, ONE_FORM_STYLE] } },
  { files: ['web/src/components/**', 'web/src/lib/**', 'web/src/config/**'], rules: { 'no-restricted-imports': ['error', { patterns: [...flowPatterns('functions', 'infra'), NO_FEATURE] }] } },
  {
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
