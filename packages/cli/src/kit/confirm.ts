import type { CommandContext } from '../context.ts';
import { CliFailure, ExitCode } from '../exit-codes.ts';

/** How many names a confirmation question lists before "and N more". */
const NAMED = 10;

export interface Confirmation {
  /** `--yes` was given. */
  yes: boolean | undefined;
  /** What is about to happen, as a sentence without the question: "Delete 3 proxies". */
  action: string;
  /** The items that will go, named as the user knows them (logins, addresses, ids). */
  items: readonly string[];
}

/**
 * Asks before a destructive command goes on. With `--yes` it goes on at once; on a terminal it asks, naming what
 * will go; without a terminal it refuses with exit 2 and says to pass `--yes`. A "no" is exit 2 as well.
 */
export async function confirmDestructive(ctx: CommandContext, confirmation: Confirmation): Promise<void> {
  if (confirmation.yes) return;
  const prompt = ctx.io.interactive ? ctx.io.prompt : undefined;
  if (!prompt) {
    const text = ctx.t('confirmNeedsYes', { action: confirmation.action });
    throw new CliFailure(text, ExitCode.Usage, { error: 'confirmation-needed', message: text });
  }
  ctx.io.stderr(`${confirmation.action}:\n${namedItems(ctx, confirmation.items)}\n`);
  const answer = (await prompt(`${ctx.t('confirmQuestion')} `)).trim().toLowerCase();
  if (!YES.has(answer)) {
    throw new CliFailure(ctx.t('confirmDeclined'), ExitCode.Usage, { error: 'cancelled' });
  }
}

const YES = new Set(['y', 'yes', 'д', 'да']);

function namedItems(ctx: CommandContext, items: readonly string[]): string {
  const shown = items.slice(0, NAMED).map((item) => `  ${item}`);
  if (items.length > NAMED) shown.push(`  ${ctx.t('confirmMore', { count: items.length - NAMED })}`);
  return shown.join('\n');
}
