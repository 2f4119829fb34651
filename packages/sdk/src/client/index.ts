export * from './admin-two-factor.ts';
export * from './api-client.ts';
export * from './describe-error.ts';
export * from './errors.ts';
export { FIRST_OUTCOME_WAIT, isFirstCallRunning } from './first-outcome.ts';
export * from './session-keeper.ts';
export * from './token-store.ts';
export { buildRequest } from './transport.ts';
