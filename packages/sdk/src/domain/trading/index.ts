export * from './failures.ts';
export * from './games.ts';
export * from './items.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './offer-reference.ts';
export * from './offers.ts';
export * from './plan-offers.ts';
