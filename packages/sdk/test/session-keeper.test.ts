import { describe, expect, it } from 'vitest';
import { ApiError, MemoryTokenStore, NetworkError, SessionKeeper } from '../src/client/index.ts';

const at = (ms: number) => new Date(ms).toISOString();

describe('SessionKeeper', () => {
  it('keeps the token and rethrows when the server cannot be reached during a refresh', async () => {
    const store = new MemoryTokenStore({ accessToken: 'a', expiresAt: at(1000) });
    const keeper = new SessionKeeper(
      store,
      async () => {
        throw new NetworkError('auth.refreshToken', new TypeError('fetch failed'));
      },
      () => 0,
    );
    await expect(keeper.refresh(true)).rejects.toBeInstanceOf(NetworkError);
    expect(store.get()?.accessToken).toBe('a');
  });

  it('reports a refused refresh as rejected', async () => {
    const store = new MemoryTokenStore({ accessToken: 'a', expiresAt: at(1000) });
    const keeper = new SessionKeeper(
      store,
      async () => {
        throw new ApiError('auth.refreshToken', 401, {
          message: '',
          resultCode: 11,
          errorDetails: null,
          traceId: 't',
        });
      },
      () => 0,
    );
    expect(await keeper.refresh(true)).toBe('rejected');
  });

  it('does nothing without a stored token', async () => {
    let calls = 0;
    const keeper = new SessionKeeper(new MemoryTokenStore(), async () => {
      calls += 1;
      return { accessToken: 'b', expiresAt: at(10 ** 9) };
    });
    await keeper.ensureFresh();
    expect(calls).toBe(0);
  });
});
