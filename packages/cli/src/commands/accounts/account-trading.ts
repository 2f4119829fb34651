import type { AccountOffer, InventoryScan } from '@tradedeck/sdk/contract';
import type { InventoryItem, Money } from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { resolveAccountId } from '../../kit/account-lookup.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, sandboxBadge, usage } from '../../kit/command-helpers.ts';
import { ACCOUNTS_COMMANDS } from './specs.ts';

/** Items read per request (the largest page of the list operations). */
const PAGE = 100;

/** `tradedeck accounts inventory|offers`: what the trading area knows of one account. */
export function registerAccountTrading(accounts: Command, { lang, context }: Registration): void {
  addCommand(accounts, ACCOUNTS_COMMANDS.inventory, lang).action(
    guarded(context, async (ctx, login: string, options: { game?: string; refresh?: boolean }) => {
      const { gameOption, inventoryText } = await import('./account-trading-text.ts');
      const game = gameOption(ctx, options.game);
      await sandboxBadge(ctx);
      const id = await resolveAccountId(ctx, login);
      if (options.refresh) {
        const { refreshInventory } = await import('./inventory-refresh.ts');
        await refreshInventory(ctx, id, game ?? null);
      }
      const items: InventoryItem[] = [];
      let scans: InventoryScan[] = [];
      let value: Money[] = [];
      for (let page = 1; ; page++) {
        const answer = await ctx.client().steamTrading.inventory({
          id,
          ...(game ? { game } : {}),
          pages: { page, pageSize: PAGE },
        });
        items.push(...answer.items);
        scans = answer.scans;
        value = answer.value;
        if (answer.items.length < PAGE || items.length >= answer.total) break;
      }
      const shown = game ? scans.filter((scan) => scan.game === game) : scans;
      ctx.print({ login, accountId: id, scans: shown, value, items }, () =>
        inventoryText(ctx, shown, value, items),
      );
    }),
  );

  addCommand(accounts, ACCOUNTS_COMMANDS.offers, lang).action(
    guarded(context, async (ctx, login: string, options: { sent?: boolean; received?: boolean }) => {
      if (options.sent && options.received) usage(ctx, 'sentAndReceived');
      const { offersText } = await import('./account-trading-text.ts');
      await sandboxBadge(ctx);
      const id = await resolveAccountId(ctx, login);
      const sent = !options.received;
      const received = !options.sent;
      const offers: AccountOffer[] = [];
      for (let page = 1; ; page++) {
        const answer = await ctx
          .client()
          .steamTrading.offers({ id, sent, received, pages: { page, pageSize: PAGE } });
        offers.push(...answer.items);
        if (answer.items.length < PAGE || offers.length >= answer.total) break;
      }
      ctx.print({ login, accountId: id, offers }, () => offersText(ctx, offers));
    }),
  );
}
