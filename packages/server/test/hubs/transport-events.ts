import { type AnyHubEvent, hubEvents } from '@tradedeck/sdk/contract';
import { z } from 'zod';

/**
 * An event with its payload left open: the transport tests carry small made-up payloads, the real producers are
 * held to the contract's schema by the type checker.
 */
export function withOpenPayload<E extends AnyHubEvent>(
  event: E,
): Omit<E, 'payload'> & { payload: z.ZodUnknown } {
  return { ...event, payload: z.unknown() };
}

export const PROXY_STATUS = withOpenPayload(hubEvents.proxyStatusUpdated);
export const SESSION_UPDATED = withOpenPayload(hubEvents.sessionUpdated);
