import type { SellerAccountRow } from '@tradedeck/sdk/contract';
import {
  formatMoney,
  PLATFORM_STATUSES,
  type PlatformStatus,
  platformReasonMessages,
  SELLER_ACCOUNT_STATUSES,
  type SellerAccountStatus,
} from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, positiveInt, sandboxBadge, usage } from '../../kit/command-helpers.ts';
import { type ListFlags, printList } from '../../kit/lists.ts';
import type { CommandSpec } from '../../kit/spec.ts';
import { registerP2pAdd } from './p2p-add.ts';
import { runSellerBulk, type SellerAction } from './p2p-bulk.ts';
import { chosenSellers } from './p2p-targets.ts';
import { registerP2pTransfer } from './p2p-transfer.ts';
import { watchSellers } from './p2p-watch.ts';
import { P2P, P2P_COMMANDS } from './specs.ts';

interface TargetFlags {
  all?: boolean;
  force?: boolean;
  yes?: boolean;
}

/** `tradedeck p2p accounts ls|add|start|pause|stop|rm|reset-error|watch`: the P2P seller accounts on the market. */
export function registerP2p(program: Command, registration: Registration): void {
  const { lang, context } = registration;
  const p2p = addCommand(program, P2P, lang);
  registerP2pTransfer(p2p, registration);
  const accounts = addCommand(p2p, P2P_COMMANDS.accounts, lang);

  addCommand(accounts, P2P_COMMANDS.accountsLs, lang).action(
    guarded(
      context,
      async (ctx, options: { status: string[]; platformStatus: string[]; search?: string } & ListFlags) => {
        const withStatus = words<SellerAccountStatus>(ctx, options.status, SELLER_ACCOUNT_STATUSES);
        const withPlatformStatus = words<PlatformStatus>(ctx, options.platformStatus, PLATFORM_STATUSES);
        await sandboxBadge(ctx);
        await printList(
          ctx,
          {
            head: (
              [
                'colId',
                'colLogin',
                'colSellerStatus',
                'colPlatform',
                'colAvailable',
                'colOnHold',
                'colOrders',
                'colTrades',
                'colProxy',
                'colModules',
                'colReason',
              ] as const
            ).map((key) => ctx.t(key)),
            row: (row: SellerAccountRow) => sellerRow(ctx, row),
            fetchPage: (page, pageSize) =>
              ctx.client().p2p.query({
                withStatus,
                withPlatformStatus,
                withModules: [],
                ...(options.search !== undefined ? { searchString: options.search } : {}),
                pages: { page, pageSize },
                sort: [{ propertyName: 'id', isDescending: false }],
              }),
            none: ctx.t('p2pNone'),
            totalLine: (shown, total, page) => ctx.t('p2pTotal', { shown, total, page }),
          },
          options,
        );
      },
    ),
  );

  registerP2pAdd(accounts, registration);

  const bulk = (spec: CommandSpec, action: SellerAction) => {
    addCommand(accounts, spec, lang).action(
      guarded(context, async (ctx, who: string[], flags: TargetFlags) => {
        await sandboxBadge(ctx);
        const chosen = await chosenSellers(ctx, who, Boolean(flags.all));
        await runSellerBulk(ctx, action, chosen, { force: Boolean(flags.force), yes: flags.yes });
      }),
    );
  };
  bulk(P2P_COMMANDS.accountsStart, 'start');
  bulk(P2P_COMMANDS.accountsPause, 'pause');
  bulk(P2P_COMMANDS.accountsStop, 'stop');
  bulk(P2P_COMMANDS.accountsRm, 'remove');
  bulk(P2P_COMMANDS.accountsResetError, 'resetError');

  addCommand(accounts, P2P_COMMANDS.accountsWatch, lang).action(
    guarded(context, async (ctx, who: string[], flags: { untilOnline?: boolean; timeout?: string }) => {
      const timeoutS = positiveInt(ctx, '--timeout', flags.timeout);
      await sandboxBadge(ctx);
      const chosen = who.length > 0 ? await chosenSellers(ctx, who, false) : null;
      await watchSellers(ctx, chosen, { untilOnline: Boolean(flags.untilOnline), timeoutS });
    }),
  );
}

/** Known words from repeatable options, or a usage error naming the known ones. */
function words<W extends string>(ctx: CommandContext, values: readonly string[], known: readonly W[]): W[] {
  return values.map((value) => {
    const word = known.find((item) => item === value.trim().toLowerCase());
    if (!word) usage(ctx, 'badSellerStatus', { value, known: known.join(', ') });
    return word;
  });
}

const MODULE_WORD = { tradingBot: 'trading', marketScanner: 'scanner' } as const;

function sellerRow(ctx: CommandContext, row: SellerAccountRow): string[] {
  const tm = row.platforms.find((state) => state.platform === 'tm');
  const locale = ctx.lang === 'ru' ? 'ru-RU' : 'en-US';
  const money = (value: SellerAccountRow['balances']['available']) =>
    value ? formatMoney(value, locale) : '';
  return [
    String(row.id),
    row.login,
    row.status,
    tm?.status ?? 'none',
    money(row.balances.available),
    money(row.balances.onHold),
    String(row.ordersCount),
    String(row.activeDeliveries),
    row.proxy ? `${row.proxy.address}:${row.proxy.port}` : '',
    row.modules.map((module) => MODULE_WORD[module]).join(','),
    tm?.reason ? platformReasonMessages[ctx.lang][tm.reason] : '',
  ];
}
