import { Counter } from './metric-types.ts';

/**
 * Calls to services outside the server, by the kind of host (Steam, the market, the rates source): one tally for
 * the whole process, since the adapters that make them are plain functions. `/metrics` reports it.
 */
export type HostClass = 'steam' | 'market' | 'rates';

export const outsideCalls = new Counter(
  'tradedeck_outside_calls_total',
  'Requests to outside services by host class and outcome (answered: any HTTP status; failed: no answer).',
);

export const outsideCallErrors = new Counter(
  'tradedeck_outside_call_errors_total',
  'Outside requests that got no answer or an error status (5xx, 429), by host class.',
);

/** Records one outside call: `status` is the HTTP status of the answer, null when none came. */
export function recordOutsideCall(host: HostClass, status: number | null): void {
  outsideCalls.inc({ host_class: host, outcome: status === null ? 'failed' : 'answered' });
  if (status === null || status >= 500 || status === 429) outsideCallErrors.inc({ host_class: host });
}
