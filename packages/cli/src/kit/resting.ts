import type { PacingRest } from '@tradedeck/sdk/contract';
import type { CommandContext } from '../context.ts';

/**
 * A row's rest after a Steam limit as the proxies and accounts tables print it: "until 2026-11-29 12:02:00Z
 * (inventory 429)", or nothing when it has none (docs/pacing.md).
 */
export function restingText(ctx: CommandContext, rest: PacingRest | null | undefined): string {
  if (!rest) return '';
  const until = `${rest.until.slice(0, 10)} ${rest.until.slice(11, 19)}Z`;
  return ctx.t('restingUntil', { until, reason: rest.reason ?? '' });
}
