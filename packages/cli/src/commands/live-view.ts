import { render } from 'ink';
import type { ReactElement } from 'react';

/** A live terminal view redrawn from the latest state at most once per refresh interval. */
export interface LiveView<S> {
  update(state: S): void;
  /** Draws the last state and leaves it on the screen. */
  close(): Promise<void>;
}

export function startLiveView<S>(
  stream: NodeJS.WriteStream,
  draw: (state: S) => ReactElement,
  initial: S,
  refreshMs: number,
): LiveView<S> {
  const ink = render(draw(initial), {
    stdout: stream,
    // Ctrl+C stays a signal for the command, which reports how far it got.
    exitOnCtrlC: false,
    patchConsole: false,
  });
  let latest = initial;
  let timer: NodeJS.Timeout | null = null;
  return {
    update(state) {
      latest = state;
      timer ??= setTimeout(() => {
        timer = null;
        ink.rerender(draw(latest));
      }, refreshMs);
    },
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      ink.rerender(draw(latest));
      ink.unmount();
      await ink.waitUntilExit();
    },
  };
}
