import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../src/app/app-services.ts';
import { type AppServices, ServicesProvider } from '../src/shared/app-services.tsx';
import { useGlobalSearch } from '../src/shared/palette/use-global-search.ts';
import { createI18n } from './helpers/texts.ts';

afterEach(cleanup);

function setup(respond: (searchString: string) => Response) {
  const queries: string[] = [];
  const fetchImpl: typeof fetch = async (_input, init) => {
    const { searchString } = JSON.parse(String(init?.body)) as { searchString: string };
    queries.push(searchString);
    return respond(searchString);
  };
  localStorage.setItem(
    'tradedeck.accessToken',
    JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
  const services = createAppServices(createI18n('ru'), 'http://tradedeck.test', fetchImpl);
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <ServicesProvider value={services}>{children}</ServicesProvider>
  );
  const hook = renderHook(({ query }) => useGlobalSearch(query, true), {
    wrapper,
    initialProps: { query: '' },
  });
  return { hook, queries, services: services as AppServices };
}

const ok = (searchString: string) =>
  new Response(
    JSON.stringify({
      success: true,
      data: {
        proxies: [{ id: 1, proxyName: searchString, address: '10.0.0.1', port: 8080 }],
        steamAccounts: [],
      },
      error: null,
    }),
    { headers: { 'content-type': 'application/json' } },
  );

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('global search in the palette', () => {
  it('asks from the second character, once typing pauses for 400 ms, and caches answers', async () => {
    const { hook, queries, services } = setup(ok);
    hook.rerender({ query: 'p' });
    await wait(450);
    expect(queries).toEqual([]);
    hook.rerender({ query: 'pr' });
    await wait(200);
    hook.rerender({ query: 'pro' });
    await wait(300);
    expect(queries).toEqual([]);
    await wait(200);
    expect(queries).toEqual(['pro']);
    expect(hook.result.current).toMatchObject({
      status: 'done',
      result: { proxies: [{ proxyName: 'pro' }] },
    });
    hook.rerender({ query: 'prox' });
    await wait(450);
    hook.rerender({ query: 'pro' });
    await wait(10);
    expect(hook.result.current.status).toBe('done');
    expect(queries).toEqual(['pro', 'prox']);
    expect(services.searchCache.keys()).toEqual(['prox', 'pro']);
  });

  it('treats a server without the operation as "unavailable", not as a failure', async () => {
    const { hook } = setup(
      () =>
        new Response(JSON.stringify({ success: false, data: null, error: { message: 'x', resultCode: 3 } }), {
          status: 404,
        }),
    );
    hook.rerender({ query: 'ab' });
    await wait(450);
    expect(hook.result.current.status).toBe('unavailable');
  });
});
