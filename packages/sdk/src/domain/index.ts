export * from './constants.ts';
export * from './proxy/index.ts';
