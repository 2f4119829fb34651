import type { CommandContext } from '../../context.ts';
import { usage } from '../../kit/command-helpers.ts';

/** Known words from repeatable options (statuses, issues, markets), or a usage error naming the known ones. */
export function knownWords<W extends string>(
  ctx: CommandContext,
  values: readonly string[],
  known: readonly W[],
): W[] {
  return values.map((value) => {
    const word = known.find((item) => item === value.trim().toLowerCase());
    if (!word) usage(ctx, 'badLotWord', { value, known: known.join(', ') });
    return word;
  });
}
