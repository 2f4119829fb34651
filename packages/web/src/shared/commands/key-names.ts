/**
 * Key names for the hotkey registry. Letters and digits are read from the physical key (`event.code`), so
 * "g d" fires on ЙЦУКЕН as well ("п" then "в"); `?` and `/` are read from the character and from the key.
 */

export const isMac = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export interface KeyLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const NAMED: Record<string, string> = {
  ' ': 'space',
  Escape: 'escape',
  Esc: 'escape',
  Enter: 'enter',
  ArrowDown: 'arrowdown',
  ArrowUp: 'arrowup',
  ArrowLeft: 'arrowleft',
  ArrowRight: 'arrowright',
  Home: 'home',
  End: 'end',
  PageDown: 'pagedown',
  PageUp: 'pageup',
  Tab: 'tab',
  Backspace: 'backspace',
  Delete: 'delete',
};

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

/** The base key of an event: a Latin letter, a digit, a named key, or `?` `/` `,` `.`; null for modifiers. */
export function baseKey(event: KeyLike): string | null {
  if (MODIFIER_KEYS.has(event.key)) return null;
  const letter = /^Key([A-Z])$/.exec(event.code);
  if (letter) return letter[1]!.toLowerCase();
  const digit = /^Digit(\d)$/.exec(event.code);
  if (digit && !event.shiftKey) return digit[1]!;
  if (event.key === '?' || (event.code === 'Slash' && event.shiftKey)) return '?';
  if (event.key === '/' || event.code === 'Slash') return '/';
  if (event.code === 'BracketLeft' && !event.shiftKey) return '[';
  if (event.code === 'BracketRight' && !event.shiftKey) return ']';
  if (event.code === 'Comma') return ',';
  if (event.code === 'Period') return '.';
  if (event.code === 'Space') return 'space';
  const named = NAMED[event.key];
  if (named) return named;
  return event.key.length === 1 ? event.key.toLowerCase() : null;
}

/** `mod+shift+k` style name of a keystroke; `mod` is ⌘ on macOS and Ctrl elsewhere. */
export function strokeName(event: KeyLike, mac = isMac()): string | null {
  const key = baseKey(event);
  if (key === null) return null;
  const parts: string[] = [];
  const mod = mac ? event.metaKey : event.ctrlKey;
  const otherCtrl = mac ? event.ctrlKey : event.metaKey;
  if (mod) parts.push('mod');
  if (otherCtrl) parts.push('ctrl');
  if (event.altKey) parts.push('alt');
  // `?` and `/` need Shift on some layouts (ЙЦУКЕН: Shift+7, Shift+\): the character is what counts.
  if (event.shiftKey && key !== '?' && key !== '/') parts.push('shift');
  parts.push(key);
  return parts.join('+');
}

/** A stroke with Ctrl/⌘ (allowed inside text fields), as opposed to single keys (ignored while typing). */
export function hasCommandModifier(stroke: string): boolean {
  return stroke.startsWith('mod+') || stroke.startsWith('ctrl+');
}

/** Display labels of one stroke, e.g. `mod+k` → ["Ctrl", "K"] or ["⌘", "K"]. */
export function strokeLabels(stroke: string, mac = isMac()): string[] {
  return stroke.split('+').map((part) => {
    switch (part) {
      case 'mod':
        return mac ? '⌘' : 'Ctrl';
      case 'shift':
        return mac ? '⇧' : 'Shift';
      case 'alt':
        return mac ? '⌥' : 'Alt';
      case 'ctrl':
        return 'Ctrl';
      case 'arrowdown':
        return '↓';
      case 'arrowup':
        return '↑';
      case 'escape':
        return 'Esc';
      case 'enter':
        return '↵';
      case 'space':
        return 'Space';
      default:
        return part.length === 1 ? part.toUpperCase() : part;
    }
  });
}
