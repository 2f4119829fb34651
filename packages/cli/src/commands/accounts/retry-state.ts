import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writePrivateFile } from '@tradedeck/sdk/client/node';

/**
 * Which logins failed in the last import from each maFile source, so `--retry-failed` can send only those.
 * Only logins are kept (the passwords and maFiles stay in the user's own files), readable by the owner only.
 */
export class ImportFailures {
  readonly #path: string;

  constructor(configDir: string) {
    this.#path = join(configDir, 'import-failures.json');
  }

  get(source: string): string[] | null {
    return this.#read()[sourceKey(source)] ?? null;
  }

  set(source: string, loginKeys: readonly string[]): void {
    const all = this.#read();
    if (loginKeys.length > 0) all[sourceKey(source)] = [...loginKeys];
    else delete all[sourceKey(source)];
    writePrivateFile(this.#path, JSON.stringify(all, null, 2));
  }

  #read(): Record<string, string[]> {
    try {
      return JSON.parse(readFileSync(this.#path, 'utf8')) as Record<string, string[]>;
    } catch {
      return {};
    }
  }
}

const sourceKey = (source: string) => resolve(source);
