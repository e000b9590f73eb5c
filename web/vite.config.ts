import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * `virtual:route-index`: each route's method, path and access, taken from the route table when the
 * web is built. The API client needs no more; importing the table itself would load zod and every
 * request schema with the first page that calls the API (~30 KB gzip and its start-up time).
 * test/web/lib/route-index.test.ts checks it against the table.
 */
export function routeIndex(): Plugin {
  const id = 'virtual:route-index';
  return {
    name: 'route-index',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: async (resolved) => {
      if (resolved !== `\0${id}`) return undefined;
      // Loaded through Vite's module runner (TypeScript, extension-less imports), not by the config itself.
      const { module } = await runnerImport<typeof import('../shared/routes')>(path.resolve(here, '../shared/routes.ts'), { configFile: false, logLevel: 'warn' });
      const index = Object.fromEntries(module.routes.map((r) => [r.id, [r.method, r.path, r.access]]));
      return `export default ${JSON.stringify(index)};`;
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [react(), routeIndex()],
  // `@shared/…` is the repository's shared/ folder (route table, schemas, messages), as in tsconfig.json.
  resolve: { alias: { '@shared': path.resolve(here, '../shared') } },
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate, long-cached chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            // The HTML sanitiser (notification messages) is loaded on demand, not with every page;
            // dayjs, which one of its dependencies also uses, gets its own chunk loaded with the app.
            { name: 'dayjs', test: /node_modules[\\/]dayjs[\\/]/, priority: 5 },
            {
              name: 'sanitize',
              test: /node_modules[\\/](sanitize-html|htmlparser2|postcss|entities|domutils|domhandler|dom-serializer|domelementtype|launder|parse-srcset)[\\/]/,
              priority: 4,
            },
            // The rich-text editor (the contact form) imports Quill on demand: its own chunk (with its
            // stylesheet), or the catch-all vendor group below put Quill, its lodash copies and 24 KB of
            // its CSS (render-blocking) into every first page.
            { name: 'quill', test: /node_modules[\\/](quill|parchment|quill-delta|lodash-es|lodash\.isequal|lodash\.clonedeep|fast-diff|eventemitter3)[\\/]/, priority: 4 },
            // zod (with the route table and the forms' schemas) is loaded by /login on first use of the
            // form, so it is not grouped with react-hook-form, which draws the form. The resolver imports
            // both: in a chunk of its own, zod does not pull react-hook-form into a page without a form.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'resolvers', test: /node_modules[\\/]@hookform[\\/]/, priority: 2 },
            { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
