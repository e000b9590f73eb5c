/// <reference types="vite/client" />

/** Each route's method, path and access, by id (the route index plugin of web/vite.config.ts). */
declare module 'virtual:route-index' {
  const index: Record<string, readonly [import('@shared/routes/define').Method, string, import('@shared/routes/define').Access]>;
  export default index;
}
