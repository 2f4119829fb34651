import { HubError } from './protocol.ts';

/** The hubs clients can connect to, and the source names each accepts (names within the caller's own space). */
export const HUB_SOURCES: Record<string, RegExp> = {
  'proxy-checker-hub': /^proxies$/,
  'harvester-hub': /^(sessions|session:[A-Za-z0-9_-]{1,64})$/,
};

export const HUB_NAMES = Object.keys(HUB_SOURCES);

export function isHubName(name: string): boolean {
  return Object.hasOwn(HUB_SOURCES, name);
}

/** Throws a caller-facing error for a source name the hub does not know. */
export function validateSource(hub: string, sourceId: unknown): asserts sourceId is string {
  const pattern = isHubName(hub) ? HUB_SOURCES[hub] : undefined;
  if (!pattern) throw new HubError(`Unknown hub '${hub}'.`);
  if (typeof sourceId !== 'string' || !pattern.test(sourceId)) {
    throw new HubError(`Unknown source '${String(sourceId)}' on ${hub}.`);
  }
}

/**
 * Answers whether the user may follow a source (for example, owns the harvester session it names). Modules that own
 * the objects behind sources register one per hub; a source nobody guards is open to its owner only, since every
 * source lives in the caller's own space anyway.
 */
export type SourceGuard = (userId: string, sourceId: string) => Promise<boolean>;
