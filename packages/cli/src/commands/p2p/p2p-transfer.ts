import type { TmAccount, TransferRow } from '@tradedeck/sdk/contract';
import {
  formatMoney,
  transferCurrencyMessages,
  transferFieldMessages,
  transferOutcomeMessages,
  validateAmount,
  validateApiKey,
  validatePaymentPassword,
} from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, readTextInput, sandboxBadge, usage } from '../../kit/command-helpers.ts';
import { confirmDestructive } from '../../kit/confirm.ts';
import { P2P_COMMANDS } from './specs.ts';

interface TransferFlags {
  from: string;
  to: string;
  amount: string;
  apiKey?: string;
  rememberKey?: boolean;
  paymentPasswordStdin?: boolean;
  rememberPassword?: boolean;
  checkedNotSent?: string;
  yes?: boolean;
}

/** How often, and how many times, an unknown outcome is asked about again before the command gives up waiting. */
const CHECK_EVERY_MS = 2_000;
const CHECKS = 5;

/**
 * `tradedeck p2p transfer --from A --to B --amount 10.50`: money from one TM account to another. The form's rules
 * are the dialog's (sdk), the receiver is member-checked first, the transfer is confirmed (with the conversion
 * warning when the currencies differ) and the second factor is asked by the session. The receiver key comes from
 * `--api-key`, the saved one, or a prompt without echo; the payment password from a saved one, standard input or
 * a prompt without echo.
 */
export function registerP2pTransfer(p2p: Command, { lang, context }: Registration): void {
  addCommand(p2p, P2P_COMMANDS.transfer, lang).action(
    guarded(context, async (ctx, flags: TransferFlags) => {
      await sandboxBadge(ctx);
      const { items } = await ctx.client().transfer.accounts({});
      const from = account(ctx, items, flags.from);
      const to = account(ctx, items, flags.to);
      if (from.id === to.id) fieldError(ctx, 'sameAccount');
      const amount = validateAmount(flags.amount, from.currency, from.balance);
      if ('error' in amount) fieldError(ctx, amount.error);
      const apiKey = await receiverKey(ctx, to, flags.apiKey);
      const member = await ctx.client().transfer.memberCheck({
        toId: to.id,
        fromId: from.id,
        ...(apiKey !== undefined ? { apiKey } : {}),
      });
      if (!member.member) {
        throw new CliFailure(member.message ?? '', ExitCode.Error, {
          error: member.reason,
          message: member.message,
        });
      }
      const paymentPassword = await password(ctx, from, Boolean(flags.paymentPasswordStdin));
      const crossCurrency = from.currency !== to.currency;
      if (crossCurrency) ctx.io.stderr(`${transferCurrencyMessages[ctx.lang].warning}\n`);
      await confirmDestructive(ctx, {
        yes: flags.yes,
        action: ctx.t('transferConfirm', {
          amount: formatMoney(amount.amount, ctx.lang),
          from: from.login,
          to: to.login,
        }),
        items: [`${from.login} → ${to.login}`],
      });
      let row = await ctx.client().transfer.send({
        fromId: from.id,
        toId: to.id,
        amount: amount.amount,
        ...(apiKey !== undefined ? { apiKey } : {}),
        rememberKey: Boolean(flags.rememberKey),
        ...(paymentPassword !== undefined ? { paymentPassword } : {}),
        rememberPassword: Boolean(flags.rememberPassword),
        acceptConversion: crossCurrency,
        // Never implied by --yes: the user names the unknown transfer they checked on the market.
        ...(flags.checkedNotSent !== undefined ? { checkedNotSent: Number(flags.checkedNotSent) } : {}),
      });
      for (let check = 0; row.outcome === 'unknown' && check < CHECKS; check++) {
        ctx.io.stderr(`${transferOutcomeMessages[ctx.lang].unknown}…\n`);
        await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
        row = await ctx.client().transfer.check({ id: row.id });
      }
      if (row.outcome === 'notSent') throw new CliFailure(outcomeLine(ctx, row), ExitCode.Error, row);
      ctx.print(row, () => outcomeLine(ctx, row));
    }),
  );
}

function account(ctx: CommandContext, items: TmAccount[], name: string): TmAccount {
  const wanted = name.trim().toLowerCase();
  const found = items.find((item) => String(item.id) === wanted || item.login.toLowerCase() === wanted);
  if (!found) usage(ctx, 'transferNoAccount', { name });
  return found;
}

function fieldError(ctx: CommandContext, error: keyof (typeof transferFieldMessages)['en']): never {
  const text = transferFieldMessages[ctx.lang][error];
  throw new CliFailure(text, ExitCode.Usage, { error, message: text });
}

/** The typed key, else the saved one (undefined: the server opens it), else a prompt without echo. */
async function receiverKey(ctx: CommandContext, to: TmAccount, typed: string | undefined) {
  if (typed === undefined && to.savedKeyMasked && !to.savedKeyMismatch) return undefined;
  let key = typed;
  if (key === undefined) {
    if (!ctx.io.prompt) usage(ctx, 'transferKeyNeeded');
    key = await ctx.io.prompt(`${ctx.t('askReceiverKey', { login: to.login })}: `, { hidden: true });
  }
  const error = validateApiKey(key, false);
  if (error) fieldError(ctx, error);
  return key.trim();
}

async function password(ctx: CommandContext, from: TmAccount, fromStdin: boolean) {
  let typed: string;
  if (fromStdin) typed = (await readTextInput(ctx, '-')).replace(/\r?\n$/, '');
  else if (from.hasSavedPaymentPassword) return undefined;
  else {
    if (!ctx.io.prompt) usage(ctx, 'paymentPasswordNeeded');
    typed = await ctx.io.prompt(`${ctx.t('askPaymentPassword')}: `, { hidden: true });
  }
  const error = validatePaymentPassword(typed, false);
  if (error) fieldError(ctx, error);
  return typed;
}

function outcomeLine(ctx: CommandContext, row: TransferRow): string {
  const outcome = transferOutcomeMessages[ctx.lang][row.outcome];
  const amount = formatMoney(row.amount, ctx.lang);
  const received = row.received
    ? ` (${ctx.t('transferReceived')} ${formatMoney(row.received, ctx.lang)})`
    : '';
  const reason = row.message ? `: ${row.message}` : '';
  return `${outcome}${reason} — ${amount}, ${row.fromLogin} → ${row.toLogin}${received}`;
}
