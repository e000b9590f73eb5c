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

/**
 * The first pages' own chunks requested with the entry's, not after it: a route's code is a
 * dynamic import that starts once the entry (React, the router, ~130 KB gzip) has loaded and run,
 * a second round trip before the page can paint (Lighthouse's "Network dependency tree"; on a
 * slow phone network the larger part of /login's first paint). A small classic script, `async` so
 * it blocks nothing, adds `modulepreload` (and stylesheet `preload`) links for the chunks of the
 * page being opened, from a map written at build time: URL path → the chunks (and CSS) of the
 * modules listed here that the entry does not already load. An external file, not inline, for the
 * Content-Security-Policy (`script-src 'self'`). A listed module that is not a chunk fails the build.
 */
/**
 * The first API read of a page, started by the same script with the stored session's token while
 * the chunks download, when the page opens with no query (its default list): the post-office
 * list's rows are its largest paint, and the call otherwise starts only once React has rendered the
 * route. web/src/lib/first-request.ts hands the response to the app's first identical GET (same
 * URL, same token), once. Written out here (the config loads no app module); test/web/lib/
 * first-request.test.ts checks that these URLs are the ones the screens ask for and that the
 * session is read where the app keeps it.
 */
export const FIRST_REQUESTS: Record<string, string> = {
  '/admin/post-office': `${(process.env.VITE_API_URL ?? '/api').replace(/\/+$/, '')}/getFiles?${new URLSearchParams({ sort: 'date;desc', page: '1', limit: '25' }).toString()}`,
};

/**
 * The pre-entry script: for the page being opened, `modulepreload`/`preload` links for its chunks
 * (`map`), and its first API read (`requests`, see FIRST_REQUESTS) when it opens with no query and
 * a stored session.
 */
export function preloadScript(map: Record<string, string[]>, requests: Record<string, string>): string {
  return (
    `(function(m,q){var p=location.pathname,l=m[p]||[];for(var i=0;i<l.length;i++){var e=document.createElement('link'),f=l[i];` +
    `if(/\\.css$/.test(f)){e.rel='preload';e.as='style'}else e.rel='modulepreload';e.crossOrigin='';e.href=f;document.head.appendChild(e)}` +
    // The page's first read (see FIRST_REQUESTS), with the headers the app's client sends.
    `var u=q[p];if(!u||location.search)return;try{var s=JSON.parse(localStorage.getItem('auth')||'null');if(!s||typeof s.token!=='string'||!s.token)return;` +
    `window.__firstRequest={url:u,token:s.token,at:Date.now(),response:fetch(u,{method:'GET',headers:{accept:'application/json',authorization:'Bearer '+s.token},credentials:'same-origin'})}}catch(x){}` +
    `})(${JSON.stringify(map)},${JSON.stringify(requests)});\n`
  );
}

export function routePreload(pages: Record<string, readonly string[]>, requests: Record<string, string> = {}): Plugin {
  return {
    name: 'route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const chunkOf = (file: string) => {
        const c = bundle[file];
        return c?.type === 'chunk' ? c : undefined;
      };
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const i of chunkOf(file)?.imports ?? []) closure(i, into);
        return into;
      };
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
      if (!entry) return;
      const loadedByEntry = closure(entry.fileName);
      const map: Record<string, string[]> = {};
      for (const [url, modules] of Object.entries(pages)) {
        const files = new Set<string>();
        for (const m of modules) {
          const id = path.resolve(here, m);
          const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === id);
          if (!chunk) this.error(`route-preload: ${m} (for ${url}) is not a chunk of the build`);
          for (const f of closure(chunk.fileName)) {
            if (!loadedByEntry.has(f)) files.add(f);
            for (const css of chunkOf(f)?.viteMetadata?.importedCss ?? []) files.add(css);
          }
        }
        // The entry's own stylesheets are already in index.html.
        for (const css of chunkOf(entry.fileName)?.viteMetadata?.importedCss ?? []) files.delete(css);
        map[url] = [...files].map((f) => `/${f}`);
      }
      const code = preloadScript(map, requests);
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source: code }));
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') this.error('route-preload: no index.html in the build');
      html.source = html.source.replace('<script type="module"', `<script async src="/${fileName}"></script>\n    <script type="module"`);
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [
    react(),
    routeIndex(),
    // The pages a visit starts on: everyone's /login, the admin's post-office list (file → its route modules).
    routePreload({
      '/': ['src/app/routes/login.tsx'],
      '/login': ['src/app/routes/login.tsx'],
      '/admin/post-office': ['src/app/layouts/admin-layout.tsx', 'src/app/routes/admin/post-office.tsx'],
    }, FIRST_REQUESTS),
  ],
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
            // React, and clsx (a few hundred bytes): react-toastify (every page) and the pickers both use
            // it, and in the pickers' group it made every page load the pickers.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|clsx)[\\/]/, priority: 3 },
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
            // uPlot (the cases' trend charts) and its stylesheet: loaded with a chart, not with every page.
            { name: 'uplot', test: /node_modules[\\/]uplot[\\/]/, priority: 4 },
            // qrcode (two-step sign-in's setup, issue 26) is imported on demand: its own chunk, or the
            // catch-all vendor group below put it (about 8 KB gzip) into every first page, /login's too.
            { name: 'qrcode', test: /node_modules[\\/](qrcode|dijkstrajs)[\\/]/, priority: 4 },
            { name: 'quill', test: /node_modules[\\/](quill|parchment|quill-delta|lodash-es|lodash\.isequal|lodash\.clonedeep|fast-diff|eventemitter3)[\\/]/, priority: 4 },
            // The month and colour pickers (Settings, Manage Reports, the summary's filters) load with
            // their screens: in the catch-all vendor group, react-datepicker, date-fns, floating-ui and
            // react-colorful (48 KB gzip, and a 22 KB render-blocking stylesheet) were in every first
            // page, /login's too.
            { name: 'pickers', test: /node_modules[\\/](react-datepicker|date-fns|@floating-ui|react-colorful|tabbable)[\\/]/, priority: 2 },
            // downshift (the Brand SKU edit's searchable select) and what only it uses: with the retailer view
            // that opens it, not in the catch-all vendor group's first pages.
            { name: 'combobox', test: /node_modules[\\/](downshift|compute-scroll-into-view|prop-types|react-is|@babel[\\/]runtime)[\\/]/, priority: 2 },
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
