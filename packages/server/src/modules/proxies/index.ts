import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { AuthApi } from '../auth/index.ts';
import type { PacingRests } from '../pacing/index.ts';
import type { SearchService } from '../search/index.ts';
import { rehashIpv6Proxies } from './ipv6-rehash.ts';
import { Ipv6RehashRepo } from './ipv6-rehash-repo.ts';
import { ProxiesRepo } from './repo.ts';
import { proxyRoutes } from './routes.ts';
import { ProxiesService } from './service.ts';

// What other modules may use of the proxies area: the shared SQL filter, the stored row shapes, and the identity
// hash and password slot that Steam accounts use for the proxies they create.
export { type ProxyFilters, proxyFilterWhere } from './filter-sql.ts';
export { storedCredentials } from './ipv6-rehash.ts';
export { type NewProxyRow, ProxyQueries, type SealedProxy } from './repo.ts';
export { IDENTITY_KEY_PURPOSE, identityHash, passwordSlot } from './rows.ts';

export interface ProxiesDeps {
  database: Database;
  auth: Pick<AuthApi, 'secrets'>;
  search: SearchService;
  /** The rests Steam called for, shown on the rows. */
  rests: PacingRests;
}

/** The user's proxies: every proxies.* operation but `check`, and proxies in the global search. */
export function registerProxies(app: FastifyInstance, { database, auth, search, rests }: ProxiesDeps): void {
  const service = new ProxiesService(new ProxiesRepo(new UserScope(database.db)), auth.secrets, rests);
  proxyRoutes(service).bind(app);
  search.addProxySource({ search: (userId, text, limit) => service.search(userId, text, limit) });
  // Once per database: proxies stored before IPv6 normalisation get the canonical host and hash.
  app.addHook('onReady', async () => {
    const outcome = await rehashIpv6Proxies(new Ipv6RehashRepo(database.db), auth.secrets);
    if (outcome && outcome.rehashed + outcome.duplicates > 0)
      app.log.info(outcome, 'IPv6 proxies hashed again');
  });
}
