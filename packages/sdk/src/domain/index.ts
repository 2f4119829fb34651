export * from './constants.ts';
export * from './for-each-limited.ts';
export * from './money/index.ts';
export * from './p2p/index.ts';
export * from './password.ts';
export * from './proxy/index.ts';
export * from './steam/index.ts';
export * from './trading/index.ts';
