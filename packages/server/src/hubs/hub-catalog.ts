import { HUB_NAMES as CONTRACT_HUB_NAMES, hubHasSource, isHubName } from '@tradedeck/sdk/contract';
import { HubError } from './protocol.ts';

/** The hubs clients can connect to; the contract's hub events name them and the sources each accepts. */
export const HUB_NAMES: readonly string[] = CONTRACT_HUB_NAMES;

/** Throws a caller-facing error for a source name the hub does not know. */
export function validateSource(hub: string, sourceId: unknown): asserts sourceId is string {
  if (!isHubName(hub)) throw new HubError(`Unknown hub '${hub}'.`);
  if (typeof sourceId !== 'string' || !hubHasSource(hub, sourceId)) {
    throw new HubError(`Unknown source '${String(sourceId)}' on ${hub}.`);
  }
}

/**
 * Answers whether the user may follow a source (for example, owns the harvester session it names). Modules that own
 * the objects behind sources register one per hub; a source nobody guards is open to its owner only, since every
 * source lives in the caller's own space anyway.
 */
export type SourceGuard = (userId: string, sourceId: string) => Promise<boolean>;
