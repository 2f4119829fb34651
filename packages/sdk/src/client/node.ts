import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AccessToken } from '../contract/auth.ts';
import { parseStoredToken, type TokenStore } from './token-store.ts';

/** Keeps the token in a file readable by its owner only (mode 0600), for the CLI and scripts. */
export class FileTokenStore implements TokenStore {
  constructor(private readonly path: string) {}

  get(): AccessToken | null {
    try {
      return parseStoredToken(readFileSync(this.path, 'utf8'));
    } catch {
      return null;
    }
  }

  set(token: AccessToken): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    writeFileSync(this.path, JSON.stringify(token), { mode: 0o600 });
    chmodSync(this.path, 0o600);
  }

  clear(): void {
    rmSync(this.path, { force: true });
  }
}
