import { Listeners } from '@tradedeck/sdk/store';
/** Whether the command palette is open, and on which nested page. */
export class PaletteStore extends Listeners {
  #state: { open: boolean; pages: string[] } = { open: false, pages: [] };

  get state() {
    return this.#state;
  }

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
    this.notify();
  }
}
