export * from './check-pool.ts';
export * from './check-proxy.ts';
export * from './check-target.ts';
export * from './concurrency.ts';
export * from './country-database.ts';
export * from './errors.ts';
export * from './judge-route.ts';
export * from './lookup-cache.ts';
