import { TOAST_LONG_TIMEOUT_MS, TOAST_TIMEOUT_MS } from '@tradedeck/sdk/domain';
import { Listeners } from '@tradedeck/sdk/store';

type ToastKind = 'success' | 'info' | 'warning' | 'error';

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  timeoutMs: number;
}

interface ToastInput {
  kind?: ToastKind;
  text: string;
  /** Session expiry and page errors stay 5 s (docs/web.md "Toasts"); everything else 3 s. */
  long?: boolean;
}

/** Error toasts carry the 🚨 prefix of the error catalogue. */
export function toastText(kind: ToastKind, text: string): string {
  return kind === 'error' && !text.startsWith('🚨') ? `🚨 ${text}` : text;
}

/** Notification area at the bottom right: each toast closes itself after its timeout. */
export class ToastStore extends Listeners<[readonly Toast[]]> {
  #toasts: Toast[] = [];
  #next = 1;

  get toasts(): readonly Toast[] {
    return this.#toasts;
  }

  show(input: ToastInput): number {
    const kind = input.kind ?? 'info';
    const toast: Toast = {
      id: this.#next++,
      kind,
      text: toastText(kind, input.text),
      timeoutMs: input.long ? TOAST_LONG_TIMEOUT_MS : TOAST_TIMEOUT_MS,
    };
    // The same text twice in a row (a burst of failing calls) shows once.
    if (this.#toasts.some((t) => t.text === toast.text)) return toast.id;
    this.#toasts = [...this.#toasts, toast];
    this.#emit();
    setTimeout(() => this.dismiss(toast.id), toast.timeoutMs);
    return toast.id;
  }

  dismiss(id: number): void {
    const before = this.#toasts.length;
    this.#toasts = this.#toasts.filter((t) => t.id !== id);
    if (this.#toasts.length !== before) this.#emit();
  }

  #emit(): void {
    this.notify(this.#toasts);
  }
}
