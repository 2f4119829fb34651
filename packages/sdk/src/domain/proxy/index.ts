export * from './format.ts';
export * from './messages.ts';
export * from './parse-line.ts';
export * from './parse-list.ts';
export * from './schemas.ts';
export * from './types.ts';
export * from './validate.ts';
