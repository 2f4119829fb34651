import { describe, expect, it } from 'vitest';
import type { CommandDef } from '../src/shared/commands/command-types.ts';
import { HotkeyService, SEQUENCE_TIMEOUT_MS } from '../src/shared/commands/hotkey-service.ts';

const defs: CommandDef[] = [
  { id: 'palette', titleKey: 'app.name', group: 'general', scope: 'global', hotkeys: ['mod+k', '/'] },
  { id: 'dashboard', titleKey: 'app.name', group: 'navigation', scope: 'global', hotkeys: ['g d'] },
  { id: 'proxies', titleKey: 'app.name', group: 'navigation', scope: 'global', hotkeys: ['g p'] },
  { id: 'help', titleKey: 'app.name', group: 'general', scope: 'global', hotkeys: ['?'] },
  { id: 'sidebar', titleKey: 'app.name', group: 'appearance', scope: 'global', hotkeys: ['['] },
  { id: 'next', titleKey: 'app.name', group: 'table', scope: 'table', hotkeys: ['j'] },
  { id: 'extend', titleKey: 'app.name', group: 'table', scope: 'table', hotkeys: ['shift+j'] },
  { id: 'close', titleKey: 'app.name', group: 'dialog', scope: 'dialog', hotkeys: ['escape'] },
];

/** A keydown as a browser reports it: `key` is the character of the current layout, `code` the physical key. */
function key(
  code: string,
  keyChar: string,
  mods: Partial<Record<'ctrl' | 'meta' | 'shift' | 'alt', boolean>> = {},
  target: unknown = null,
) {
  return {
    code,
    key: keyChar,
    ctrlKey: !!mods.ctrl,
    metaKey: !!mods.meta,
    shiftKey: !!mods.shift,
    altKey: !!mods.alt,
    target: target as EventTarget | null,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

function setup() {
  let now = 0;
  const ran: string[] = [];
  const service = new HotkeyService(
    defs,
    (id) => {
      ran.push(id);
      return true;
    },
    { now: () => now, mac: false },
  );
  return { service, ran, tick: (ms: number) => (now += ms) };
}

const input = { tagName: 'INPUT', type: 'text', isContentEditable: false, getAttribute: () => null };

describe('hotkey service', () => {
  it('runs g-sequences on the Latin layout', () => {
    const { service, ran } = setup();
    service.handle(key('KeyG', 'g'));
    const event = key('KeyD', 'd');
    expect(service.handle(event)).toBe(true);
    expect(event.defaultPrevented).toBe(true);
    expect(ran).toEqual(['dashboard']);
  });

  it('runs the same sequences on ЙЦУКЕН (п then в / з) by the physical key', () => {
    const { service, ran } = setup();
    service.handle(key('KeyG', 'п'));
    service.handle(key('KeyD', 'в'));
    service.handle(key('KeyG', 'п'));
    service.handle(key('KeyP', 'з'));
    expect(ran).toEqual(['dashboard', 'proxies']);
  });

  it('forgets the first stroke after one second', () => {
    const { service, ran, tick } = setup();
    service.handle(key('KeyG', 'g'));
    tick(SEQUENCE_TIMEOUT_MS + 1);
    service.handle(key('KeyD', 'd'));
    expect(ran).toEqual([]);
  });

  it('ignores single keys while typing but still takes Mod+K there', () => {
    const { service, ran } = setup();
    expect(service.handle(key('KeyG', 'g', {}, input))).toBe(false);
    expect(service.handle(key('KeyD', 'd', {}, input))).toBe(false);
    expect(service.handle(key('Slash', '/', {}, input))).toBe(false);
    expect(service.handle(key('KeyK', 'л', { ctrl: true }, input))).toBe(true);
    expect(ran).toEqual(['palette']);
  });

  it('reads [ from the physical key on both layouts (ЙЦУКЕН types х)', () => {
    const { service, ran } = setup();
    service.handle(key('BracketLeft', '['));
    service.handle(key('BracketLeft', 'х'));
    expect(ran).toEqual(['sidebar', 'sidebar']);
  });

  it('reads ? from Shift+/ on Latin and from the character on Cyrillic (Shift+7)', () => {
    const { service, ran } = setup();
    service.handle(key('Slash', '?', { shift: true }));
    service.handle(key('Digit7', '?', { shift: true }));
    expect(ran).toEqual(['help', 'help']);
  });

  it('makes only the top frame live: a dialog silences the panel and the table', () => {
    const { service, ran } = setup();
    const deactivate = service.activate('table');
    service.handle(key('KeyJ', 'о'));
    service.handle(key('KeyJ', 'J', { shift: true }));
    const pop = service.pushFrame('dialog', ['dialog']);
    service.handle(key('KeyJ', 'j'));
    service.handle(key('KeyG', 'g'));
    service.handle(key('KeyD', 'd'));
    service.handle(key('Escape', 'Escape'));
    pop();
    service.handle(key('KeyJ', 'j'));
    deactivate();
    service.handle(key('KeyJ', 'j'));
    expect(ran).toEqual(['next', 'extend', 'close', 'next']);
  });

  it('keeps row commands (Mod+A, Escape) away from text fields', () => {
    const table: CommandDef[] = [
      {
        id: 'selectPage',
        titleKey: 'app.name',
        group: 'table',
        scope: 'table',
        hotkeys: ['mod+a', 'escape'],
      },
    ];
    const ran: string[] = [];
    const service = new HotkeyService(
      table,
      (id) => {
        ran.push(id);
        return true;
      },
      { mac: false },
    );
    service.activate('table');
    expect(service.handle(key('KeyA', 'a', { ctrl: true }, input))).toBe(false);
    expect(service.handle(key('Escape', 'Escape', {}, input))).toBe(false);
    expect(service.handle(key('KeyA', 'ф', { ctrl: true }))).toBe(true);
    expect(ran).toEqual(['selectPage']);
  });

  it('leaves Enter and Space to a focused button', () => {
    const table: CommandDef[] = [
      { id: 'open', titleKey: 'app.name', group: 'table', scope: 'table', hotkeys: ['enter'] },
    ];
    const ran: string[] = [];
    const service = new HotkeyService(table, (id) => {
      ran.push(id);
      return true;
    });
    service.activate('table');
    const button = { tagName: 'BUTTON', isContentEditable: false, getAttribute: () => null };
    expect(service.handle(key('Enter', 'Enter', {}, button))).toBe(false);
    expect(service.handle(key('Enter', 'Enter'))).toBe(true);
    expect(ran).toEqual(['open']);
  });

  it('lets a key through when its command declines (disabled)', () => {
    const service = new HotkeyService(defs, () => false, { mac: false });
    const event = key('KeyK', 'k', { ctrl: true });
    expect(service.handle(event)).toBe(false);
    expect(event.defaultPrevented).toBe(false);
  });

  it('uses ⌘ as mod on macOS', () => {
    const ran: string[] = [];
    const service = new HotkeyService(
      defs,
      (id) => {
        ran.push(id);
        return true;
      },
      { mac: true },
    );
    service.handle(key('KeyK', 'k', { ctrl: true }));
    service.handle(key('KeyK', 'k', { meta: true }));
    expect(ran).toEqual(['palette']);
  });
});
