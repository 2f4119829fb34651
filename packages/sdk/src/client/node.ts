import { readFileSync, rmSync } from 'node:fs';
import type { AccessToken } from '../contract/auth.ts';
import { writePrivateFile } from './private-file.ts';
import { parseStoredToken, type TokenStore } from './token-store.ts';

export { httpFetch } from './http-fetch.ts';
export { writePrivateFile } from './private-file.ts';

/**
 * Keeps the token in a file readable by its owner only (mode 0600), for the CLI and scripts. It is replaced
 * atomically, so a script running beside never reads half a token.
 */
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
    writePrivateFile(this.path, JSON.stringify(token));
  }

  clear(): void {
    rmSync(this.path, { force: true });
  }
}
