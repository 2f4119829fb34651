// Types of the loopback fixtures in _proxy-fixtures.mjs, for TypeScript benchmark workers.
export function startLiveFixtures(
  proxies: number,
  processes?: number,
  mode?: string[],
): Promise<{ judgePort: number; proxyPorts: number[]; pids: number[]; close: () => Promise<unknown> }>;
export function startSlowFixtures(
  proxies: number,
  processes: number,
  minMs: number,
  maxMs: number,
): Promise<{ judgePort: number; proxyPorts: number[]; pids: number[]; close: () => Promise<unknown> }>;
export function startBlackhole(): Promise<{ port: number; close: () => Promise<void> }>;
