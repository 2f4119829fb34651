export * from './budgets.ts';
export * from './limiter.ts';
export * from './pacer.ts';
export * from './store.ts';
