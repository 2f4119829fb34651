export * from './constants.ts';
export * from './for-each-limited.ts';
export * from './harvester/index.ts';
export * from './money/index.ts';
export * from './password.ts';
export * from './proxy/index.ts';
export * from './steam/index.ts';
export * from './trading/index.ts';
