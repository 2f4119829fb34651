import { describe, expect, it } from 'vitest';
import { HUB_NAMES, hubEventRoutes } from '../src/contract/hub-routes.ts';
import { hubEvents } from '../src/contract/hubs.ts';

describe('hub event routes (the live events without their schemas)', () => {
  it('name every event of the contract with its hub, wire name and default source', () => {
    const fromContract = Object.fromEntries(
      Object.entries(hubEvents).map(([key, event]) => [
        key,
        {
          hub: event.hub,
          name: event.name,
          ...('defaultSource' in event && event.defaultSource !== undefined
            ? { defaultSource: event.defaultSource }
            : {}),
        },
      ]),
    );
    expect(hubEventRoutes).toEqual(fromContract);
  });

  it('list every hub an event travels on, once', () => {
    expect([...HUB_NAMES].sort()).toEqual([...new Set(Object.values(hubEvents).map((e) => e.hub))].sort());
  });
});
