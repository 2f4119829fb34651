import type { Lease } from '@tradedeck/sdk/contract';
import type { Db } from '../db/database.ts';
import { RENEWAL_TURN_MS } from '../integrations/steam/trading/renewal-turn.ts';
import { ownerProcess } from '../jobs/process-owner.ts';
import { APPLY_STALE_MS } from '../modules/lots/index.ts';
import { LeasesRepo } from './leases-repo.ts';

/** `admin.listLeases`: who runs what, each lease's owner named by its host and process id (never the tag's id). */
export class LeaseView {
  readonly #repo: LeasesRepo;

  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.#repo = new LeasesRepo(db);
  }

  async list(): Promise<{ items: Lease[] }> {
    const rows = await this.#repo.all(APPLY_STALE_MS, RENEWAL_TURN_MS, this.now());
    return {
      items: rows.map((row) => ({
        kind: row.kind,
        what: row.what,
        owner: row.owner ? (ownerProcess(row.owner) ?? { host: null, pid: null }) : null,
        since: row.since?.toISOString() ?? null,
        expiresAt: row.expiresAt?.toISOString() ?? null,
      })),
    };
  }
}
