/**
 * An SDK client made on first use instead of at module load. `lazy(make)` is a stand-in with the
 * client's type that forwards everything (reads, writes, `delete`, `in`, its prototype, property
 * definitions such as a test's `vi.spyOn(ddb, 'send')`) to one client, made by `make()` the first
 * time it is touched; callers keep writing `ddb.send(...)`.
 *
 * Why: constructing a client resolves its configuration (region, endpoints, retry, the credential
 * chain), a cost of every cold start, also of a function that never reaches it (a 401 before any
 * query). And, written as `/* @__PURE__ *\/ lazy(...)`, an unused client is dropped from the
 * bundle with its SDK package: a handler that imports a module for one function needing no S3
 * bundles no S3 client (test/infra/bundling.test.ts checks every bundle against its grants).
 */
export function lazy<T extends object>(make: () => T): T {
  let client: T | undefined;
  const real = (): T => (client ??= make());
  return new Proxy({} as T, {
    get: (_, prop) => Reflect.get(real(), prop),
    set: (_, prop, value) => Reflect.set(real(), prop, value),
    has: (_, prop) => Reflect.has(real(), prop),
    deleteProperty: (_, prop) => Reflect.deleteProperty(real(), prop),
    defineProperty: (_, prop, descriptor) => Reflect.defineProperty(real(), prop, descriptor),
    getOwnPropertyDescriptor: (_, prop) => Reflect.getOwnPropertyDescriptor(real(), prop),
    ownKeys: () => Reflect.ownKeys(real()),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
