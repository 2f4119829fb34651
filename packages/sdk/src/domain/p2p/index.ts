export * from './messages.ts';
export * from './seller.ts';
