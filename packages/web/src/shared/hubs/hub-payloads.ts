import { hubEvents } from '@tradedeck/sdk/contract';
import type { HubEventKey } from '@tradedeck/sdk/hubs';

/**
 * Parses a live event's payload with the contract's schema: the payload as the contract types it, or null when
 * it does not match (the event is skipped, as the sdk's typed subscription does). Loaded with the first payload a
 * live view receives, so a panel with nothing live going on never downloads zod and the schemas.
 */
export function parseHubPayload(key: HubEventKey, payload: unknown): { payload: unknown } | null {
  const parsed = hubEvents[key].payload.safeParse(payload);
  return parsed.success ? { payload: parsed.data } : null;
}
