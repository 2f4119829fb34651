export * from './constants.ts';
export * from './proxy/index.ts';
export * from './steam/index.ts';
export * from './trading/index.ts';
