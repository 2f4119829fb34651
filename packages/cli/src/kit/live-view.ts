import { PassThrough } from 'node:stream';
import { render } from 'ink';
import type { ReactElement } from 'react';

/** A live terminal view redrawn from the latest state. */
export interface LiveView<S> {
  update(state: S): void;
  /** Draws the last state and leaves it on the screen. */
  close(): Promise<void>;
}

export interface LiveViewTiming<S> {
  /** Updates are drawn at most this often. */
  refreshMs: number;
  /** Called every second to age the state (elapsed time, rate, ETA), so the view never goes stale between updates. */
  tick?: (state: S, now: number) => S;
  /** The terminal to read keys from, for a view that takes keys (`harvester watch`); absent: none are read. */
  keys?: NodeJS.ReadStream;
}

const TICK_MS = 1000;

/**
 * Draws with Ink on `stream`. Ink gets a standard input of its own that never receives anything: the views read
 * no keys, so the terminal stays in its normal mode and Ctrl+C stays a signal for the command.
 */
export function startLiveView<S>(
  stream: NodeJS.WriteStream,
  draw: (state: S) => ReactElement,
  initial: S,
  timing: LiveViewTiming<S>,
): LiveView<S> {
  const ink = render(draw(initial), {
    stdout: stream,
    stdin: timing.keys ?? (new PassThrough() as unknown as NodeJS.ReadStream),
    exitOnCtrlC: false,
    patchConsole: false,
  });
  let latest = initial;
  let timer: NodeJS.Timeout | null = null;
  const redraw = () => ink.rerender(draw(latest));
  const ticker = timing.tick
    ? setInterval(() => {
        latest = timing.tick!(latest, Date.now());
        redraw();
      }, TICK_MS)
    : null;
  ticker?.unref();
  return {
    update(state) {
      latest = state;
      timer ??= setTimeout(() => {
        timer = null;
        redraw();
      }, timing.refreshMs);
    },
    async close() {
      if (timer) clearTimeout(timer);
      if (ticker) clearInterval(ticker);
      timer = null;
      redraw();
      ink.unmount();
      await ink.waitUntilExit();
    },
  };
}
