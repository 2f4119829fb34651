import { hubEvents } from '@tradedeck/sdk/contract';
import type { SecretSlot } from '../../security/envelope.ts';

/** The job queue all proxy check batches go through. */
export const PROXY_CHECK_QUEUE = 'proxy-checks';
/** Every check result is announced as this event, on the user's one `proxies` source. */
export const PROXY_STATUS_EVENT = hubEvents.proxyStatusUpdated;
export const PROXY_CHECK_SOURCE = PROXY_STATUS_EVENT.defaultSource;
/** The end of a batch, on the same source: followers end on it. */
export const PROXY_CHECK_FINISHED_EVENT = hubEvents.proxyCheckFinished;

/** A line of the check map (not saved): its password sealed for the user, never in the clear in the queue. */
export interface UnsavedProxyToCheck {
  key: string;
  protocol: number;
  host: string;
  port: number;
  username: string | null;
  passwordEnc: string | null;
}

/** What a batch job carries: the selection fixed when the batch was asked for. */
export interface ProxyCheckJobData {
  userId: string;
  batchId: string;
  ids: number[];
  unsaved: UnsavedProxyToCheck[];
  /** When the batch was asked for: a resumed batch skips saved proxies checked since. */
  requestedAt: string;
  /** The last event version of the user's `proxies` source then: a resumed batch finds unsaved results after it. */
  headVersion: number;
}

/** Where the password of a check-map line is sealed: bound to its batch and key. */
export function unsavedPasswordSlot(userId: string, batchId: string, key: string): SecretSlot {
  return { userId, table: 'proxy_check_batches', column: 'password', rowId: `${batchId}:${key}` };
}
