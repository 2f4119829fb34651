/** Where the browser remembers the workspace last switched to. */
export const WORKSPACE_STORAGE_KEY = 'tradedeck.workspace';

/**
 * The workspace the panel acts in: its id, or null for the signed-in user's personal workspace. The api client
 * reads it on every call (the `X-Workspace` header) and live views connect their hubs to it; it is remembered in
 * this browser and forgotten on sign-out, so the next user starts in their own.
 */
export class ActiveWorkspace {
  #id: string | null;
  readonly #listeners = new Set<() => void>();

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null) {
    this.#id = storage?.getItem(WORKSPACE_STORAGE_KEY) || null;
  }

  get id(): string | null {
    return this.#id;
  }

  set(id: string | null): void {
    if (id === this.#id) return;
    this.#id = id;
    if (id) this.storage?.setItem(WORKSPACE_STORAGE_KEY, id);
    else this.storage?.removeItem(WORKSPACE_STORAGE_KEY);
    for (const listener of this.#listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}
