import {
  CURRENCIES,
  type Currency,
  PAYMENT_PASSWORD_MIN_LENGTH,
  type SellerModule,
  TM_API_KEY_MIN_LENGTH,
} from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { resolveAccountId } from '../../kit/account-lookup.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, readTextInput, sandboxBadge, usage } from '../../kit/command-helpers.ts';
import { P2P_COMMANDS } from './specs.ts';

interface AddFlags {
  apiKey: string;
  paymentPasswordStdin?: boolean;
  paymentPassword?: string;
  proxy?: string;
  modules?: string;
  currency?: string;
}

const MODULES: Record<string, SellerModule> = { trading: 'tradingBot', scanner: 'marketScanner' };

/**
 * `tradedeck p2p accounts add <steam-login> --api-key KEY`: the payment password comes from standard input with
 * `--payment-password-stdin` or from a prompt without echo, never from an argument (it would stay in the shell
 * history and the process list).
 */
export function registerP2pAdd(accounts: Command, { lang, context }: Registration): void {
  addCommand(accounts, P2P_COMMANDS.accountsAdd, lang).action(
    guarded(context, async (ctx, steamLogin: string, flags: AddFlags) => {
      if (flags.paymentPassword !== undefined) usage(ctx, 'paymentPasswordNotArgument');
      const apiKey = flags.apiKey.trim();
      if (apiKey.length < TM_API_KEY_MIN_LENGTH) usage(ctx, 'apiKeyShort', { min: TM_API_KEY_MIN_LENGTH });
      const modules = modulesOption(ctx, flags.modules);
      const proxy = proxyOption(ctx, flags.proxy);
      const tmCurrency = currencyOption(ctx, flags.currency);
      const paymentPassword = await readPaymentPassword(ctx, Boolean(flags.paymentPasswordStdin));
      await sandboxBadge(ctx);
      const steamAccountId = await resolveAccountId(ctx, steamLogin);
      const row = await ctx.client().p2p.create({
        steamAccountId,
        apiKey,
        paymentPassword,
        ...proxy,
        modules,
        ...(tmCurrency ? { tmCurrency } : {}),
      });
      ctx.print(row, () => ctx.t('sellerAdded', { login: row.login, id: row.id }));
    }),
  );
}

async function readPaymentPassword(ctx: CommandContext, fromStdin: boolean): Promise<string> {
  let password: string;
  if (fromStdin) password = (await readTextInput(ctx, '-')).replace(/\r?\n$/, '');
  else {
    const prompt = ctx.io.prompt;
    if (!prompt) {
      throw new CliFailure(ctx.t('paymentPasswordNeeded'), ExitCode.Usage, {
        error: ctx.t('paymentPasswordNeeded'),
      });
    }
    password = await prompt(`${ctx.t('askPaymentPassword')}: `, { hidden: true });
  }
  if (password.length < PAYMENT_PASSWORD_MIN_LENGTH) {
    usage(ctx, 'paymentPasswordShort', { min: PAYMENT_PASSWORD_MIN_LENGTH });
  }
  return password;
}

function modulesOption(ctx: CommandContext, value: string | undefined): SellerModule[] {
  if (value === undefined) return ['tradingBot'];
  const modules = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
    .map((part) => {
      const module = MODULES[part];
      if (!module) usage(ctx, 'badModules', { value: part });
      return module;
    });
  if (modules.length === 0) usage(ctx, 'badModules', { value });
  return [...new Set(modules)];
}

function proxyOption(ctx: CommandContext, value: string | undefined): { proxyId?: number | null } {
  if (value === undefined) return {};
  const text = value.trim().toLowerCase();
  if (text === 'none') return { proxyId: null };
  if (!/^\d+$/.test(text) || Number(text) <= 0) usage(ctx, 'badSellerProxy', { value });
  return { proxyId: Number(text) };
}

function currencyOption(ctx: CommandContext, value: string | undefined): Currency | undefined {
  if (value === undefined) return undefined;
  const currency = CURRENCIES.find((item) => item === value.trim().toUpperCase());
  if (!currency) usage(ctx, 'badCurrency', { value });
  return currency;
}
