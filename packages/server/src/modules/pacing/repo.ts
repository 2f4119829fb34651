import { proxies } from '../../db/schema.ts';
import type { UserScope } from '../../security/user-scope.ts';

export interface OwnProxy {
  id: number;
  name: string | null;
  host: string;
  port: number;
}

/** The caller's proxies, under row-level security: the pacing state is shown for these and no others. */
export class PacingRepo {
  constructor(private readonly scope: UserScope) {}

  ownProxies(userId: string): Promise<OwnProxy[]> {
    return this.scope.run(userId, (tx) =>
      tx.select({ id: proxies.id, name: proxies.name, host: proxies.host, port: proxies.port }).from(proxies),
    );
  }
}
