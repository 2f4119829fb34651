import type { ProxyStatusUpdated } from '@tradedeck/sdk/domain';

/** A `ProxyStatusUpdated` result of saved proxy `id`: valid (through Germany) or refused, of `batchId` when given. */
export function proxyResult(
  id: number,
  valid: boolean,
  batchId?: string,
): ProxyStatusUpdated & { id: number } {
  return {
    id,
    ...(batchId === undefined ? {} : { batchId }),
    result: valid ? 1 : 0,
    valid,
    status: valid ? 1 : 3,
    latencyMs: valid ? 42 : null,
    countryCode: valid ? 'DE' : null,
    exitIp: null,
    errorClass: valid ? null : 'refused',
    checkedAt: '2026-11-22T06:00:00.000Z',
  };
}
