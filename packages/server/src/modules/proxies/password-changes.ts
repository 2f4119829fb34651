import type { ParsedProxyLine } from '@tradedeck/sdk/domain';
import type { PasswordReplacement, ProxyLogin } from './login-match-repo.ts';
import type { NewProxyRow, ProxyQueries } from './repo.ts';

/** A line that names a stored proxy (same protocol, address and login) with another password. */
export interface PasswordChange {
  line: number;
  proxyId: number;
}

/**
 * Finds, among lines the user does not have yet, those whose protocol, address and login match exactly one stored
 * proxy: the same proxy with a new password. A different login is a different proxy (a rotating gateway serves
 * many logins on one address), and a login stored twice is left alone, as it is unclear which row is meant. Each
 * stored proxy is claimed by its first such line; later lines are new proxies, as two such lines are today.
 */
export class PasswordChangeFinder {
  readonly found: PasswordChange[] = [];
  readonly #claimed = new Set<number>();

  async look(q: ProxyQueries, lines: readonly ParsedProxyLine[]): Promise<void> {
    // A line without a login equals a stored proxy without one, so it is a repeat, never a new password.
    const withLogin = lines.filter((line) => line.proxy.credentials);
    const matches = await q.logins().idsByLogin(withLogin.map((line) => loginOf(line)));
    withLogin.forEach((line, index) => {
      const ids = matches[index]!;
      if (ids.length !== 1 || this.#claimed.has(ids[0]!)) return;
      this.#claimed.add(ids[0]!);
      this.found.push({ line: line.line, proxyId: ids[0]! });
    });
  }
}

/** Collects the rows of lines that replace a stored proxy's password while an add reads its lines. */
export class PasswordReplacer {
  readonly #proxyOfLine: ReadonlyMap<number, number>;
  #taken: { line: ParsedProxyLine; replacement: PasswordReplacement }[] = [];

  constructor(changes: readonly PasswordChange[]) {
    this.#proxyOfLine = new Map(changes.map((change) => [change.line, change.proxyId]));
  }

  /** Forgets what a failed attempt of the transaction collected. */
  reset(): void {
    this.#taken = [];
  }

  /** Keeps the line's sealed row as a password replacement when the line is one; says whether it was. */
  take(line: ParsedProxyLine, row: NewProxyRow): boolean {
    const id = this.#proxyOfLine.get(line.line);
    if (id === undefined) return false;
    const { protocol, host, port, username, passwordEnc, identityHash } = row;
    this.#taken.push({
      line,
      replacement: { id, protocol, host, port, username, passwordEnc, identityHash },
    });
    return true;
  }

  /** Replaces the passwords in the caller's transaction; lines whose proxy changed meanwhile are returned. */
  async apply(q: ProxyQueries): Promise<{ ids: number[]; missed: ParsedProxyLine[] }> {
    const done = new Set<number>();
    for (let start = 0; start < this.#taken.length; start += REPLACE_CHUNK) {
      const chunk = this.#taken.slice(start, start + REPLACE_CHUNK).map((taken) => taken.replacement);
      for (const id of await q.logins().replacePasswords(chunk)) done.add(id);
    }
    return {
      ids: [...done].sort((a, b) => a - b),
      missed: this.#taken.filter((taken) => !done.has(taken.replacement.id)).map((taken) => taken.line),
    };
  }
}

const REPLACE_CHUNK = 10_000;

function loginOf(line: ParsedProxyLine): ProxyLogin {
  const { proxy } = line;
  return {
    protocol: proxy.protocol,
    host: proxy.host,
    port: proxy.port,
    username: proxy.credentials?.username ?? null,
  };
}
