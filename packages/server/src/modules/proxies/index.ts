// What other modules may use of the proxies area: the shared SQL filter, the stored row shapes, and the identity
// hash and password slot that Steam accounts use for the proxies they create.
export { type ProxyFilters, proxyFilterWhere } from './filters.ts';
export { type NewProxyRow, ProxyQueries, type SealedProxy } from './repo.ts';
export { IDENTITY_KEY_PURPOSE, identityHash, passwordSlot } from './rows.ts';
