export * from './valuation.ts';
