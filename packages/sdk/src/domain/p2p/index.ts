export * from './market-errors.ts';
export * from './messages.ts';
export * from './price-lines.ts';
export * from './seller.ts';
