import type { ReactElement } from 'react';
import type { CommandContext } from '../context.ts';
import { applyColorChoice } from './color.ts';
import type { LiveView, LiveViewTiming } from './live-view.ts';

export type { LiveView } from './live-view.ts';

/**
 * Opens a live view on the terminal behind stdout, or answers null when there is none (piped, or `--json`).
 * Ink, React and the view's own module are loaded here, only when a view is drawn: commands that draw nothing
 * start without them. `loadDraw` imports the view module, e.g. `async () => (await import('./x-view.tsx')).xView`.
 */
export async function openLiveView<S>(
  ctx: CommandContext,
  loadDraw: () => Promise<(state: S) => ReactElement>,
  initial: S,
  timing: LiveViewTiming<S>,
): Promise<LiveView<S> | null> {
  const terminal = !ctx.json && ctx.io.terminal ? ctx.io.terminal : null;
  if (!terminal) return null;
  // The colour choice is read by Ink's colour library when it loads: it is set first.
  applyColorChoice(ctx.io.env);
  const [{ startLiveView }, draw] = await Promise.all([import('./live-view.ts'), loadDraw()]);
  return startLiveView(terminal, draw, initial, timing);
}
