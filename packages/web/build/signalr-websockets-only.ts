import type { Plugin } from 'vite';

/**
 * The panel's hub client always asks for the WebSockets transport (`sdk/src/hubs/hub-client.ts`), and every
 * browser the panel supports has `fetch`. SignalR's connection code still imports its other transports and its
 * XMLHttpRequest client, so they would ride in the first visit's JavaScript (docs/performance.md: the 200 KB
 * first visit). This build swaps those three modules for classes that refuse to be built, with a message that
 * names the reason, so a change that starts using them fails loudly instead of silently.
 */
export const SIGNALR_UNUSED_MODULES = [
  'LongPollingTransport',
  'ServerSentEventsTransport',
  'XhrHttpClient',
] as const;

const VIRTUAL_PREFIX = '\0tradedeck-signalr-unused:';

/** The module name a SignalR-internal import of an unused module asks for, or null. */
export function unusedSignalrModule(source: string, importer: string | undefined): string | null {
  if (!importer || !/[\\/]@microsoft[\\/]signalr[\\/]dist[\\/]esm[\\/]/.test(importer)) return null;
  const match = /^\.\/(\w+?)(?:\.js)?$/.exec(source);
  const name = match?.[1];
  return name && (SIGNALR_UNUSED_MODULES as readonly string[]).includes(name) ? name : null;
}

/** The stand-in module: the same export name, a class whose constructor throws. */
export function unusedSignalrModuleCode(name: string): string {
  const reason = `SignalR ${name} is left out of the panel build: the hub client uses WebSockets and fetch only`;
  return `export class ${name} { constructor() { throw new Error(${JSON.stringify(reason)}); } }\n`;
}

export function signalrWebSocketsOnly(): Plugin {
  return {
    name: 'tradedeck-signalr-websockets-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const name = unusedSignalrModule(source, importer);
      return name ? `${VIRTUAL_PREFIX}${name}` : null;
    },
    load(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? unusedSignalrModuleCode(id.slice(VIRTUAL_PREFIX.length)) : null;
    },
  };
}
