export * from './lots.ts';
export * from './messages.ts';
