// Types of the loopback fixtures in _proxy-fixtures.mjs, for TypeScript benchmark workers.
export function startLiveFixtures(
  proxies: number,
  workers?: number,
): Promise<{ judgePort: number; proxyPorts: number[]; close: () => Promise<unknown> }>;
export function startBlackhole(): Promise<{ port: number; close: () => Promise<void> }>;
