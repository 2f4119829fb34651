import { Listeners } from '@tradedeck/sdk/store';
import { type Appearance, appearanceCookies, readAppearance, resolvedTheme } from './appearance.ts';

/**
 * Holds the appearance, mirrors it into cookies and onto the <html> element (class "dark", data attributes, the
 * reading direction in `dir`).
 */
export class AppearanceStore extends Listeners<[Appearance]> {
  #value: Appearance;
  readonly #media: MediaQueryList | null;

  constructor(private readonly doc: Document = document) {
    super();
    this.#value = readAppearance(doc.cookie);
    this.#media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    this.#media?.addEventListener('change', () => this.#apply());
    this.#apply();
  }

  get value(): Appearance {
    return this.#value;
  }

  update(patch: Partial<Appearance>): void {
    this.#value = { ...this.#value, ...patch };
    for (const cookie of appearanceCookies(this.#value)) this.doc.cookie = cookie;
    this.#apply();
    this.notify(this.#value);
  }

  #apply(): void {
    const root = this.doc.documentElement;
    const theme = resolvedTheme(this.#value.theme, this.#media?.matches ?? false);
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    root.dataset.skin = this.#value.skin;
    root.dataset.width = this.#value.width;
    root.dir = this.#value.direction;
  }
}
