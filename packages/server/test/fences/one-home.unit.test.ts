import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { strays } from './one-home.ts';
import { sourceFilesOf } from './workspace-facts.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('one home per concern', () => {
  it('does each concern only in its home, in every package', () => {
    expect(strays(ROOT, sourceFilesOf(ROOT))).toEqual([]);
  });
});

describe('the one-home check itself', () => {
  const tree = mkdtempSync(join(tmpdir(), 'tradedeck-home-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
    return path;
  };

  it('finds a JWT payload decoded by hand on the server, in the CLI and in the browser, and not in its home', () => {
    const files = [
      write(
        'packages/server/src/app.ts',
        "JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url'));\n",
      ),
      write('packages/cli/src/commands/session/login.ts', 'const payload = token.split(".") [1];\n'),
      write('packages/web/src/shared/session/expiry.ts', "JSON.parse(atob(part.replace(/-/g, '+')));\n"),
      write('packages/sdk/src/domain/jwt.ts', "decodeBase64(token.split('.')[1]!);\n"),
      write('packages/server/src/hubs/connection-token.ts', "const [body, signature] = token.split('.');\n"),
    ];
    expect(strays(tree, files)).toEqual([
      'packages/server/src/app.ts: decoding a JWT payload',
      'packages/cli/src/commands/session/login.ts: decoding a JWT payload',
      'packages/web/src/shared/session/expiry.ts: decoding a JWT payload',
    ]);
  });
});
