export * from './clock.ts';
export * from './create-steam-port.ts';
export * from './port.ts';
export { describeProxy, proxyKey } from './proxy-agent.ts';
export * from './sandbox/sandbox-import-set.ts';
export * from './sandbox/sandbox-world.ts';
export * from './steam-proxy.ts';
export * from './throttle-store.ts';
