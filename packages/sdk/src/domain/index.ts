export * from './constants.ts';
export * from './steam/index.ts';
