export * from './clock.ts';
export * from './create-steam-port.ts';
export * from './port.ts';
export { describeProxy, proxyKey } from './proxy-agent.ts';
export * from './sandbox/open-sandbox-world.ts';
export * from './sandbox/sandbox-import-set.ts';
export * from './sandbox/sandbox-journal.ts';
export * from './sandbox/sandbox-world.ts';
export * from './steam-proxy.ts';
export * from './throttle-store.ts';
export * from './trade-history-port.ts';
export {
  confirmationSlotKey,
  INVENTORY_BUDGET_PER_MINUTE,
  inventorySlotKey,
  LIVE_CONFIRMATION_SPACING_MS,
  LIVE_INVENTORY_SPACING_MS,
} from './trading/call-pacer.ts';
export type * from './trading-port.ts';
