import { MODAL_BASE_Z_INDEX, MODAL_Z_INDEX_STEP } from '@tradedeck/sdk/domain';
import { Listeners } from '@tradedeck/sdk/store';
import type { TextKey } from '../../i18n/text-key.ts';

/** Why a modal ended without a result: dismissed by the user, or its parent closed. */
export class ModalClosedError extends Error {
  constructor(readonly reason: 'dismissed' | 'parentClosed') {
    super(`modal ${reason}`);
    this.name = 'ModalClosedError';
  }
}

interface ModalOptions {
  /** Escape and outside clicks do not close it (a running operation, a required decision). */
  persistent?: boolean;
  /** The modal that opened this one: closing the parent rejects this one. */
  parentId?: number;
  width?: number;
  labelKey?: TextKey;
}

export interface ModalEntry<P = unknown> {
  id: number;
  level: number;
  zIndex: number;
  persistent: boolean;
  parentId: number | null;
  width: number;
  /** Absent for a dialog that draws itself and only holds its place in the stack (see `place`). */
  render?: (controls: ModalControls) => P;
}

export interface ModalControls {
  id: number;
  close(result?: unknown): void;
  dismiss(): void;
  /** Opens a modal as this one's child (one level above). */
  openChild<T>(
    render: (controls: ModalControls) => unknown,
    options?: Omit<ModalOptions, 'parentId'>,
  ): Promise<T>;
}

const DEFAULT_MODAL_WIDTH = 600;

/**
 * The stack of open modals (docs/web.md "Modals"): each sits one level above the one below it (z-index
 * 1000 + level × 10), Escape and outside clicks close only the topmost and only when it is not persistent,
 * and closing a modal rejects every modal opened from it.
 */
export class ModalStack extends Listeners<[readonly ModalEntry[]]> {
  #entries: ModalEntry[] = [];
  #next = 1;
  readonly #settle = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  get entries(): readonly ModalEntry[] {
    return this.#entries;
  }

  get topmost(): ModalEntry | undefined {
    return this.#entries.at(-1);
  }

  open<T = unknown>(render: (controls: ModalControls) => unknown, options: ModalOptions = {}): Promise<T> {
    return this.#open<T>(this.#next++, render, options);
  }

  /**
   * A place in the stack for a dialog that renders itself (the two-factor dialog): it gets its level and
   * z-index, and Escape and outside clicks treat it like any other modal. Returns its id; `dismiss` it on close.
   */
  place(options: ModalOptions = {}): number {
    const id = this.#next++;
    void this.#open(id, undefined, options);
    return id;
  }

  entry(id: number): ModalEntry | undefined {
    return this.#find(id);
  }

  #open<T>(
    id: number,
    render: ((controls: ModalControls) => unknown) | undefined,
    options: ModalOptions,
  ): Promise<T> {
    const parent = options.parentId === undefined ? undefined : this.#find(options.parentId);
    if (options.parentId !== undefined && !parent) {
      return Promise.reject(new ModalClosedError('parentClosed'));
    }
    const level = parent ? parent.level + 1 : this.#entries.length;
    const entry: ModalEntry = {
      id,
      level,
      zIndex: MODAL_BASE_Z_INDEX + level * MODAL_Z_INDEX_STEP,
      persistent: options.persistent ?? false,
      parentId: parent?.id ?? null,
      width: options.width ?? DEFAULT_MODAL_WIDTH,
      ...(render ? { render } : {}),
    };
    const promise = new Promise<T>((resolve, reject) => {
      this.#settle.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
    // A caller that ignores the outcome must not produce an unhandled rejection.
    promise.catch(() => {});
    this.#entries = [...this.#entries, entry];
    this.#emit();
    return promise;
  }

  controls(id: number): ModalControls {
    return {
      id,
      close: (result) => this.close(id, result),
      dismiss: () => this.dismiss(id),
      openChild: (render, options) => this.open(render, { ...options, parentId: id }),
    };
  }

  /** Closes with a result; children are rejected first. */
  close(id: number, result?: unknown): void {
    this.#remove(id, (settle) => settle.resolve(result));
  }

  /** Closes without a result (rejects with "dismissed"). Ignores persistence: the caller decided. */
  dismiss(id: number): void {
    this.#remove(id, (settle) => settle.reject(new ModalClosedError('dismissed')));
  }

  /** Escape: dismisses the topmost modal unless it is persistent. True when one closed. */
  escape(): boolean {
    const top = this.topmost;
    if (!top || top.persistent) return false;
    this.dismiss(top.id);
    return true;
  }

  /** A click on a modal's backdrop: only the topmost non-persistent modal reacts. */
  outsideClick(id: number): boolean {
    const top = this.topmost;
    if (!top || top.id !== id || top.persistent) return false;
    this.dismiss(id);
    return true;
  }

  #find(id: number): ModalEntry | undefined {
    return this.#entries.find((entry) => entry.id === id);
  }

  #descendants(id: number): ModalEntry[] {
    const children = this.#entries.filter((entry) => entry.parentId === id);
    return children.flatMap((child) => [...this.#descendants(child.id), child]);
  }

  #remove(id: number, settleSelf: (settle: { resolve(v: unknown): void; reject(e: Error): void }) => void) {
    const entry = this.#find(id);
    if (!entry) return;
    const doomed = this.#descendants(id);
    for (const child of doomed) this.#settle.get(child.id)?.reject(new ModalClosedError('parentClosed'));
    const ids = new Set([id, ...doomed.map((child) => child.id)]);
    this.#entries = this.#entries.filter((e) => !ids.has(e.id));
    const own = this.#settle.get(id);
    for (const removed of ids) this.#settle.delete(removed);
    if (own) settleSelf(own);
    this.#emit();
  }

  #emit(): void {
    this.notify(this.#entries);
  }
}
