import { PassThrough } from 'node:stream';
import { Text } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLiveView } from '../../src/kit/live-view.ts';

afterEach(() => {
  vi.useRealTimers();
});

const terminal = () =>
  Object.assign(new PassThrough(), { columns: 80, rows: 24 }) as unknown as NodeJS.WriteStream;

describe('a live view', () => {
  it('ages its state every second while no update comes, so rate and ETA never go stale', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(10_000);
    const drawn: number[] = [];
    const view = startLiveView(
      terminal(),
      (state: { now: number }) => {
        drawn.push(state.now);
        return <Text>{state.now}</Text>;
      },
      { now: 10_000 },
      { refreshMs: 100, tick: (state, now) => ({ ...state, now }) },
    );
    vi.advanceTimersByTime(3_000);
    expect(drawn.slice(-3)).toEqual([11_000, 12_000, 13_000]);
    vi.useRealTimers();
    await view.close();
    const count = drawn.length;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // Closed: no more redraws.
    expect(drawn).toHaveLength(count);
  });

  it('without a tick redraws only on updates', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const drawn: string[] = [];
    const view = startLiveView<string>(
      terminal(),
      (state: string) => {
        drawn.push(state);
        return <Text>{state}</Text>;
      },
      'a',
      { refreshMs: 100 },
    );
    vi.advanceTimersByTime(3_000);
    expect(drawn).toEqual(['a']);
    view.update('b');
    vi.advanceTimersByTime(100);
    expect(drawn).toEqual(['a', 'b']);
    vi.useRealTimers();
    await view.close();
  });
});
