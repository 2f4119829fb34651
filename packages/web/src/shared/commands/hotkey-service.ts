import hotkeys from 'hotkeys-js';
import type { CommandDef, CommandScope } from './command-types.ts';
import { hasCommandModifier, isMac, type KeyLike, strokeName } from './key-names.ts';

/** How long the second stroke of a sequence (`g` then `d`) may wait. */
export const SEQUENCE_TIMEOUT_MS = 1000;

/** Runs a command for a keystroke; false when it is disabled or nothing handles it (the key then passes on). */
type CommandRunner = (commandId: string, event: KeyboardEvent | KeyLike) => boolean;

interface Frame {
  name: string;
  scopes: Map<CommandScope, number>;
}

interface HotkeyEvent extends KeyLike {
  target?: EventTarget | null;
  isComposing?: boolean;
  preventDefault?(): void;
}

/**
 * The one place keystrokes become commands. hotkeys-js delivers the key events; this service keeps a stack of
 * scope frames (the panel at the bottom, each open dialog or the palette on top: only the top frame's scopes
 * are live), ignores single keys while the user types (Ctrl/⌘ combos and Escape still work), and resolves
 * two-stroke sequences such as `g d` within one second.
 */
export class HotkeyService {
  readonly #strokes = new Map<string, Array<{ scope: CommandScope; id: string }>>();
  readonly #prefixes = new Map<string, Set<CommandScope>>();
  readonly #frames: Frame[] = [{ name: 'panel', scopes: new Map([['global', 1]]) }];
  #pending: { stroke: string; at: number } | null = null;
  #attached = false;
  readonly #listener = (event: KeyboardEvent) => {
    this.handle(event);
  };

  constructor(
    definitions: readonly CommandDef[],
    private readonly run: CommandRunner,
    private readonly options: { now?: () => number; mac?: boolean } = {},
  ) {
    for (const def of definitions) {
      for (const hotkey of def.hotkeys ?? []) {
        const list = this.#strokes.get(hotkey) ?? [];
        list.push({ scope: def.scope, id: def.id });
        this.#strokes.set(hotkey, list);
        const [first, second] = hotkey.split(' ');
        if (second && first) {
          const scopes = this.#prefixes.get(first) ?? new Set();
          scopes.add(def.scope);
          this.#prefixes.set(first, scopes);
        }
      }
    }
  }

  /** Starts listening to the document through hotkeys-js. */
  attach(): () => void {
    if (this.#attached) return () => {};
    this.#attached = true;
    // The typing rules live in handle(): hotkeys-js must hand over events from inputs too (Mod+K, Escape).
    hotkeys.filter = () => true;
    hotkeys('*', { scope: 'all', keydown: true, keyup: false }, this.#listener);
    hotkeys.setScope(this.topFrame);
    return () => {
      hotkeys.unbind('*', 'all', this.#listener);
      this.#attached = false;
    };
  }

  get topFrame(): string {
    return this.#frames.at(-1)!.name;
  }

  /** Active scopes of the top frame. */
  activeScopes(): CommandScope[] {
    return [...this.#frames.at(-1)!.scopes.keys()];
  }

  /** Opens a frame (a dialog, the palette): only its scopes are live until the returned function pops it. */
  pushFrame(name: string, scopes: CommandScope[]): () => void {
    const frame: Frame = { name, scopes: new Map(scopes.map((s) => [s, 1])) };
    this.#frames.push(frame);
    this.#pending = null;
    this.#syncScope();
    return () => {
      const index = this.#frames.indexOf(frame);
      if (index > 0) this.#frames.splice(index, 1);
      this.#syncScope();
    };
  }

  /** Adds a scope to the bottom (panel) frame while a view is mounted, e.g. `table`. */
  activate(scope: CommandScope): () => void {
    const base = this.#frames[0]!.scopes;
    base.set(scope, (base.get(scope) ?? 0) + 1);
    return () => {
      const count = (base.get(scope) ?? 1) - 1;
      if (count <= 0 && scope !== 'global') base.delete(scope);
      else base.set(scope, count);
    };
  }

  /** Handles one keydown; true when a command ran (the default action is then prevented). */
  handle(event: HotkeyEvent): boolean {
    if (event.isComposing) return false;
    const stroke = strokeName(event, this.options.mac ?? isMac());
    if (stroke === null) return false;
    const typing = isTypingTarget(event.target);
    if (typing && !hasCommandModifier(stroke) && stroke !== 'escape') {
      this.#pending = null;
      return false;
    }
    if ((stroke === 'enter' || stroke === 'space') && isControlTarget(event.target)) return false;
    const active = new Set(this.activeScopes());
    const now = (this.options.now ?? Date.now)();

    const pending = this.#pending;
    this.#pending = null;
    if (pending && now - pending.at <= SEQUENCE_TIMEOUT_MS) {
      if (this.#runFirst(`${pending.stroke} ${stroke}`, active, event, typing)) return true;
    }
    const prefixScopes = this.#prefixes.get(stroke);
    if (prefixScopes && [...prefixScopes].some((scope) => active.has(scope))) {
      this.#pending = { stroke, at: now };
      return true;
    }
    return this.#runFirst(stroke, active, event, typing);
  }

  #runFirst(hotkey: string, active: Set<CommandScope>, event: HotkeyEvent, typing: boolean): boolean {
    for (const binding of this.#strokes.get(hotkey) ?? []) {
      if (!active.has(binding.scope)) continue;
      // In a text field Mod+A selects its text and Escape leaves it: row commands stay out of the way.
      if (typing && binding.scope === 'table') continue;
      if (this.run(binding.id, event as KeyboardEvent)) {
        event.preventDefault?.();
        return true;
      }
    }
    return false;
  }

  #syncScope(): void {
    if (this.#attached) hotkeys.setScope(this.topFrame);
  }
}

/** Text fields, selects and editable content: single-key shortcuts stay out of the way there. */
function isTypingTarget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (element as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
  }
  return element.getAttribute('role') === 'textbox' || element.getAttribute('role') === 'combobox';
}

/** Buttons, links and checkboxes: Enter and Space belong to them when they have focus. */
function isControlTarget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  if (['BUTTON', 'A', 'SUMMARY', 'SELECT'].includes(element.tagName)) return true;
  if (element.tagName === 'INPUT') return true;
  const role = element.getAttribute('role');
  return (
    role !== null &&
    ['button', 'link', 'menuitem', 'menuitemcheckbox', 'option', 'tab', 'checkbox'].includes(role)
  );
}
