export * from './display.ts';
export * from './money.ts';
export * from './money-schema.ts';
