import { Listeners } from '@tradedeck/sdk/store';
import type { CommandContext, CommandDef } from './command-types.ts';
import { commandById } from './registry.ts';

const RECENT_KEY = 'tradedeck.recentCommands';
const RECENT_MAX = 8;

type Handler = () => void;
/**
 * Runs commands: the handler of a mounted view wins over the registry's default `run`; disabled commands do
 * nothing. Remembers the recently run commands for the palette (recent first).
 */
export class CommandRuntime extends Listeners {
  readonly #handlers = new Map<string, Handler[]>();
  #recent: string[];
  context: CommandContext | null = null;

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null) {
    super();
    this.#recent = readRecent(storage);
  }

  /** Registers a view's handler while it is mounted; the latest registration wins. */
  register(id: string, handler: Handler): () => void {
    const list = this.#handlers.get(id) ?? [];
    list.push(handler);
    this.#handlers.set(id, list);
    this.#emit();
    return () => {
      const current = this.#handlers.get(id) ?? [];
      const index = current.lastIndexOf(handler);
      if (index >= 0) current.splice(index, 1);
      if (current.length === 0) this.#handlers.delete(id);
      this.#emit();
    };
  }

  isAvailable(def: CommandDef): boolean {
    if (!this.context) return false;
    if (def.enabled && !def.enabled(this.context)) return false;
    return this.#handlers.has(def.id) || def.run !== undefined || def.page === true;
  }

  /** Runs a command by id; false when it is unknown, disabled or has nothing to run. */
  run(id: string, options: { remember?: boolean } = {}): boolean {
    const def = commandById.get(id);
    if (!def || !this.context || !this.isAvailable(def)) return false;
    const handler = this.#handlers.get(id)?.at(-1);
    if (handler) handler();
    else if (def.run) def.run(this.context);
    else return false;
    if (options.remember) this.#remember(id);
    return true;
  }

  /** Position in the recent list (0 = most recent), undefined when not recent. */
  recentRank(id: string): number | undefined {
    const index = this.#recent.indexOf(id);
    return index < 0 ? undefined : index;
  }

  get recent(): readonly string[] {
    return this.#recent;
  }

  #remember(id: string): void {
    this.#recent = [id, ...this.#recent.filter((r) => r !== id)].slice(0, RECENT_MAX);
    try {
      this.storage?.setItem(RECENT_KEY, JSON.stringify(this.#recent));
    } catch {
      // Storage full or blocked: recents last for this page only.
    }
    this.#emit();
  }

  #emit(): void {
    this.notify();
  }
}

function readRecent(storage: Pick<Storage, 'getItem'> | null): string[] {
  try {
    const value = JSON.parse(storage?.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id) => typeof id === 'string' && commandById.has(id)) : [];
  } catch {
    return [];
  }
}
