import type { AccessToken } from '../contract/auth.ts';

/** Where a client keeps its access token. Reads are synchronous so a call never waits on storage. */
export interface TokenStore {
  get(): AccessToken | null;
  set(token: AccessToken): void;
  clear(): void;
}

export class MemoryTokenStore implements TokenStore {
  #token: AccessToken | null;
  constructor(initial: AccessToken | null = null) {
    this.#token = initial;
  }
  get(): AccessToken | null {
    return this.#token;
  }
  set(token: AccessToken): void {
    this.#token = token;
  }
  clear(): void {
    this.#token = null;
  }
}

/** The subset of the Web Storage API the browser store needs (localStorage or sessionStorage). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Keeps the token in browser storage so a reload stays signed in. */
export class BrowserStorageTokenStore implements TokenStore {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly key = 'tradedeck.accessToken',
  ) {}
  get(): AccessToken | null {
    return parseStoredToken(this.storage.getItem(this.key));
  }
  set(token: AccessToken): void {
    this.storage.setItem(this.key, JSON.stringify(token));
  }
  clear(): void {
    this.storage.removeItem(this.key);
  }
}

export function parseStoredToken(raw: string | null): AccessToken | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AccessToken>;
    if (typeof value.accessToken === 'string' && typeof value.expiresAt === 'string') {
      return { accessToken: value.accessToken, expiresAt: value.expiresAt };
    }
  } catch {
    // A corrupt entry counts as signed out.
  }
  return null;
}
