// What `import 'server-only'` becomes in the cache handler's bundle (bundle.ts): Next's server bundles resolve it to
// nothing too, and the handler runs only on the server.
export {};
