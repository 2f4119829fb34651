import { describe, expect, it } from 'vitest';
import {
  SIGNALR_UNUSED_MODULES,
  unusedSignalrModule,
  unusedSignalrModuleCode,
} from '../build/signalr-websockets-only.ts';

const SIGNALR_ESM =
  '/repo/node_modules/.pnpm/@microsoft+signalr@10.0.11/node_modules/@microsoft/signalr/dist/esm';

describe('the panel build leaves out SignalR transports the hub client never uses', () => {
  it('swaps the long-polling and server-sent-events transports and the XMLHttpRequest client', () => {
    expect(unusedSignalrModule('./LongPollingTransport', `${SIGNALR_ESM}/HttpConnection.js`)).toBe(
      'LongPollingTransport',
    );
    expect(unusedSignalrModule('./ServerSentEventsTransport', `${SIGNALR_ESM}/HttpConnection.js`)).toBe(
      'ServerSentEventsTransport',
    );
    expect(unusedSignalrModule('./XhrHttpClient.js', `${SIGNALR_ESM}/DefaultHttpClient.js`)).toBe(
      'XhrHttpClient',
    );
  });

  it('keeps the WebSockets transport, the fetch client, and modules outside SignalR', () => {
    expect(unusedSignalrModule('./WebSocketTransport', `${SIGNALR_ESM}/HttpConnection.js`)).toBeNull();
    expect(unusedSignalrModule('./FetchHttpClient', `${SIGNALR_ESM}/DefaultHttpClient.js`)).toBeNull();
    expect(unusedSignalrModule('./LongPollingTransport', '/repo/packages/web/src/main.tsx')).toBeNull();
    expect(unusedSignalrModule('./LongPollingTransport', undefined)).toBeNull();
  });

  it('puts in a class of the same name that refuses to be built, saying why', async () => {
    for (const name of SIGNALR_UNUSED_MODULES) {
      const code = unusedSignalrModuleCode(name);
      const module = await import(`data:text/javascript,${encodeURIComponent(code)}`);
      const Stand = module[name] as new () => unknown;
      expect(typeof Stand).toBe('function');
      expect(() => new Stand()).toThrow(`SignalR ${name} is left out of the panel build`);
    }
  });
});
