import { ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import { openCredentials } from './credentials.ts';
import type { SellerShared } from './deps.ts';
import { sellerMessages } from './messages.ts';

/**
 * Sandbox only: lists tradable items of accounts at one unit each, a price the sandbox buyers take at once while
 * the account is online, so a demo or a test sees sales without waiting for real demand.
 */
export class SandboxSales {
  constructor(private readonly deps: SellerShared) {}

  async list(userId: string, ids: number[], count: number): Promise<{ listed: number }> {
    if (!this.deps.sandbox || this.deps.market.mode !== 'sandbox')
      throw new AppError({ code: ResultCode.InvalidState, text: sellerMessages.sandboxOnly });
    const rows = await this.deps.repo.run(userId, (q) => q.views(ids));
    if (rows.length !== new Set(ids).size)
      throw new AppError({ code: ResultCode.NotFound, text: sellerMessages.accountNotFound });
    let listed = 0;
    for (const row of rows) {
      const creds = await openCredentials(this.deps.secrets, row);
      const inventory = await this.deps.market.inventory(creds);
      if (!inventory.ok) continue;
      const items = inventory.items.filter((item) => item.tradable).slice(0, count);
      if (items.length === 0) continue;
      const added = await this.deps.market.addToSale(
        creds,
        items.map((item) => ({ assetId: item.assetId, price: { currency: creds.currency, amount: 1 } })),
      );
      if (added.ok) listed += added.outcomes.filter((outcome) => outcome.ok).length;
    }
    return { listed };
  }
}
