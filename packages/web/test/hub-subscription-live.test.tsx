import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AppServiceFactory from '../src/app/app-services.ts';
import type * as AppServices from '../src/shared/app-services.tsx';
import type { HubEventName } from '../src/shared/hubs/hub-connection.ts';
import type * as HubSubscription from '../src/shared/hubs/use-hub-subscription.ts';
import { createI18n } from './helpers/texts.ts';

/**
 * The live part stands in for the server's hub here: each connection's callbacks are kept, so the test says when
 * the subscription becomes live. What is tested is the hook's reading again once live ("read, then subscribe").
 */
interface Connection {
  onLive(): void;
  onReset(): void;
}
const connections: Connection[] = [];
const LOADER = '../src/shared/hubs/load-hub-connection.ts';
let hook: typeof HubSubscription;
let services: typeof AppServices;
let factory: typeof AppServiceFactory;

// Files share a worker's modules in this project: the hook is loaded anew over the stand-in, and the next file
// gets the real live part again.
beforeAll(async () => {
  vi.resetModules();
  vi.doMock(LOADER, () => ({
    loadHubConnection: async () => ({
      connectHub: (options: Connection) => {
        connections.push(options);
        return () => {};
      },
    }),
  }));
  hook = await import('../src/shared/hubs/use-hub-subscription.ts');
  services = await import('../src/shared/app-services.tsx');
  factory = await import('../src/app/app-services.ts');
});
afterAll(() => {
  vi.doUnmock(LOADER);
  vi.resetModules();
});

function Live({ name, onReset, onLive }: { name: HubEventName; onReset?: () => void; onLive?: () => void }) {
  hook.useHubSubscription(name, () => {}, { ...(onReset ? { onReset } : {}), ...(onLive ? { onLive } : {}) });
  return null;
}

function renderLive(node: ReactNode) {
  const app = factory.createAppServices(createI18n('en'), 'http://tradedeck.test', (() => {
    throw new Error('no requests here');
  }) as unknown as typeof fetch);
  return render(<services.ServicesProvider value={app}>{node}</services.ServicesProvider>);
}

async function connected(count: number): Promise<void> {
  await vi.waitFor(() => expect(connections).toHaveLength(count));
}

beforeEach(() => {
  connections.length = 0;
});
afterEach(() => vi.clearAllMocks());

describe('useHubSubscription reads a view again once its subscription is live', () => {
  it("runs a view's reload (onReset) once live when it passes no onLive", async () => {
    const reload = vi.fn();
    renderLive(<Live name="notificationPosted" onReset={reload} />);
    await connected(1);
    expect(reload).not.toHaveBeenCalled();
    act(() => connections[0]!.onLive());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("runs the view's own onLive instead, not the reload as well", async () => {
    const reload = vi.fn();
    const onLive = vi.fn();
    renderLive(<Live name="lotsChanged" onReset={reload} onLive={onLive} />);
    await connected(1);
    act(() => connections[0]!.onLive());
    expect(onLive).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing once the view is gone', async () => {
    const reload = vi.fn();
    const view = renderLive(<Live name="sessionUpdated" onReset={reload} />);
    await connected(1);
    view.unmount();
    connections[0]!.onLive();
    expect(reload).not.toHaveBeenCalled();
  });
});
