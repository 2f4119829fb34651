import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractMafiles, parseAccountLines } from '@tradedeck/sdk/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createSteamPort, writeSandboxImportSet } from '../../src/integrations/steam/index.ts';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('sandbox import set', () => {
  it('writes maFiles and lines that the sdk extracts and the sandbox signs in', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-set-'));
    const set = await writeSandboxImportSet(dir, { healthy: 20, includeFailureCases: true });
    const names = await readdir(set.mafileDir);
    expect(names).toHaveLength(20 + 19);
    const uploads = await Promise.all(
      names.map(async (name) => ({ name, content: await readFile(join(set.mafileDir, name), 'utf8') })),
    );
    const { extracted, invalid } = await extractMafiles(uploads);
    expect(invalid).toEqual([]);
    const lines = parseAccountLines(await readFile(set.linesFile, 'utf8'));
    expect(lines.errors).toEqual([]);
    expect(lines.accounts).toHaveLength(39);

    const port = createSteamPort({ mode: 'sandbox' });
    const reasons = new Map<string, string>();
    for (const line of lines.accounts) {
      const mafile = extracted.find((item) => item.mafile.accountName === line.login)!.mafile;
      const result = await port.signIn({
        login: line.login,
        password: line.password,
        sharedSecret: mafile.sharedSecret,
        proxy: {
          protocol: 'http',
          host: '127.0.0.1',
          port: 30000 + line.line,
          username: null,
          password: null,
        },
      });
      reasons.set(line.login, result.ok ? 'added' : result.outcome.reason);
    }
    expect(reasons.get('sandbox_bot_0020')).toBe('added');
    expect(reasons.get('sandbox_invalid_password')).toBe('invalidPassword');
    expect(reasons.get('sandbox_email_guard')).toBe('invalidSteamGuardType');
    expect(reasons.get('sandbox_throttled')).toBe('authenticationProblem');
    expect(reasons.get('sandbox_phone_approval_only')).toBe('phoneApprovalOnly');
    expect(reasons.get('sandbox_device_confirmation')).toBe('added');
    expect(new Set(reasons.values())).toEqual(
      new Set([
        'added',
        'invalidPassword',
        'invalidMafile',
        'noProxy',
        'proxyError',
        'authenticationProblem',
        'invalidSteamGuardType',
        'phoneApprovalOnly',
        'unknownError',
      ]),
    );
  });
});
