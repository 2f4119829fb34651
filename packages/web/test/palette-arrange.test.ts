import type { NetworkSnapshot } from '@tradedeck/sdk/network';
import { describe, expect, it } from 'vitest';
import { commandDefinitions as commands } from '../src/app/areas.ts';
import { shownState } from '../src/shared/network/network-status.tsx';
import { arrange } from '../src/shared/palette/palette-dialog.tsx';
import { en } from './helpers/texts.ts';

function lookup(key: string): string {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
}

const items = commands
  .filter((def) => def.palette)
  .map((def) => ({
    def,
    title: lookup(def.titleKey),
    breadcrumb: def.parent ? lookup(commands.find((c) => c.id === def.parent)!.titleKey) : null,
    keywords: def.keywords ?? [],
  }));

describe('palette arrangement', () => {
  it('shows recent commands, then the spec suggestions, then the groups, for an empty query', () => {
    const recent = (id: string) => (id === 'nav.settings' ? 0 : undefined);
    const groups = arrange(items, '', null, recent);
    expect(groups.map((g) => g.key)).toEqual([
      'recent',
      'suggestions',
      'navigation',
      'general',
      'appearance',
    ]);
    expect(groups[0]!.items.map((i) => i.title)).toEqual(['Settings']);
    expect(groups[1]!.items.map((i) => i.title)).toEqual(['Proxy Management', 'Steam Accounts', 'Dashboard']);
    // Nothing twice, no child of a page at the root.
    const ids = groups.flatMap((g) => g.items.map((i) => i.def.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain('appearance.theme.dark');
  });

  it('ranks one list for a query, children of pages included with their breadcrumb', () => {
    const [results] = arrange(items, 'dark', null, () => undefined);
    expect(results!.items[0]!.title).toBe('Dark theme');
    expect(results!.items[0]!.breadcrumb).toBe('Theme');
  });

  it('lists only the children of the open page', () => {
    const [results] = arrange(items, '', 'appearance.theme', () => undefined);
    expect(results!.items.map((i) => i.def.id)).toEqual([
      'appearance.theme.light',
      'appearance.theme.dark',
      'appearance.theme.system',
    ]);
  });
});

describe('network status text', () => {
  const base: NetworkSnapshot = {
    phase: 'online',
    checking: false,
    consecutiveFailures: 0,
    consecutiveSuccesses: 0,
    lastSuccessAt: 0,
    nextCheckInMs: null,
  };
  it('says nothing online, offline or connecting while offline, connected after coming back', () => {
    expect(shownState(base)).toBeNull();
    expect(shownState({ ...base, checking: true })).toBeNull();
    expect(shownState({ ...base, phase: 'offline' })).toBe('offline');
    expect(shownState({ ...base, phase: 'offline', checking: true })).toBe('connecting');
    expect(shownState({ ...base, phase: 'restored' })).toBe('connected');
  });
});
