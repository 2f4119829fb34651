import type { OperationClass } from '@tradedeck/sdk/contract';
import { Listeners } from '@tradedeck/sdk/store';
import type { CommandId } from './command-ids.ts';
import type { CommandContext, CommandDef } from './command-types.ts';

const RECENT_KEY = 'tradedeck.recentCommands';
const RECENT_MAX = 8;

type Handler = () => void;
/** Why the role in the active workspace may not take actions of a class; undefined when it may. */
export type RoleGate = (needs: OperationClass) => string | undefined;

/**
 * Runs commands: the handler of a mounted view wins over the registry's default `run`; disabled commands do
 * nothing. Remembers the recently run commands for the palette (recent first).
 */
export class CommandRuntime extends Listeners {
  readonly #handlers = new Map<string, Handler[]>();
  readonly #byId: ReadonlyMap<string, CommandDef>;
  #recent: string[];
  context: CommandContext | null = null;
  #gate: RoleGate = () => undefined;

  /** `definitions`: every command of the app (`app/areas.ts` composes them). */
  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null,
    readonly definitions: readonly CommandDef[],
  ) {
    super();
    this.#byId = new Map(definitions.map((def) => [def.id, def]));
    this.#recent = readRecent(storage, this.#byId);
  }

  definition(id: string): CommandDef | undefined {
    return this.#byId.get(id);
  }

  /** Registers a view's handler while it is mounted; the latest registration wins. */
  register(id: CommandId, handler: Handler): () => void {
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

  /** The role check of the active workspace (the panel's act gate), set by the shell as the role changes. */
  setGate(gate: RoleGate): void {
    this.#gate = gate;
    this.#emit();
  }

  /** Why the role may not run the command now; undefined when it may. */
  refusal(def: CommandDef): string | undefined {
    return def.needs ? this.#gate(def.needs) : undefined;
  }

  /** Runs a command by id; false when it is disabled or has nothing to run. */
  run(id: CommandId, options: { remember?: boolean } = {}): boolean {
    const def = this.#byId.get(id);
    return def !== undefined && this.runDefined(def, options);
  }

  /** Runs a command of the app's list (the palette, the hotkeys and the recent list hold definitions). */
  runDefined(def: CommandDef, options: { remember?: boolean } = {}): boolean {
    if (!this.context || !this.isAvailable(def)) return false;
    // Taken, but not run: the role may not, and the user is told why.
    const refusal = this.refusal(def);
    if (refusal) {
      this.context.refused?.(refusal);
      return true;
    }
    const handler = this.#handlers.get(def.id)?.at(-1);
    if (handler) handler();
    else if (def.run) def.run(this.context);
    else return false;
    if (options.remember) this.#remember(def.id);
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

function readRecent(storage: Pick<Storage, 'getItem'> | null, known: ReadonlyMap<string, unknown>): string[] {
  try {
    const value = JSON.parse(storage?.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id) => typeof id === 'string' && known.has(id)) : [];
  } catch {
    return [];
  }
}
