type Listener = () => void;

/** Whether the command palette is open, and on which nested page. */
export class PaletteStore {
  #state: { open: boolean; pages: string[] } = { open: false, pages: [] };
  readonly #listeners = new Set<Listener>();

  get state() {
    return this.#state;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  open(page?: string): void {
    this.#set({ open: true, pages: page ? [page] : [] });
  }

  close(): void {
    if (this.#state.open) this.#set({ open: false, pages: [] });
  }

  push(page: string): void {
    this.#set({ ...this.#state, pages: [...this.#state.pages, page] });
  }

  pop(): void {
    this.#set({ ...this.#state, pages: this.#state.pages.slice(0, -1) });
  }

  #set(state: { open: boolean; pages: string[] }): void {
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }
}
