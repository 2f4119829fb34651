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

  it('finds a web feature following a job by hand, and not one that follows it with followJob', () => {
    const files = [
      write(
        'packages/web/src/features/lots/sync-job.ts',
        [
          'const started = await client.lots.sync({});',
          'await hub.subscribe(hubEvents.lotsSynced, ({ payload }) => {',
          '  if (payload.batchId === started.batchId) done(payload);',
          '});',
        ].join('\n'),
      ),
      write(
        'packages/web/src/features/proxies/follow-check.ts',
        [
          'const job = await followJob<CheckStarted, void>(hub, {',
          '  listen: [onJobEvent(hubEvents.proxyStatusUpdated, (result, started, end) => {',
          '    if (result.batchId !== started.batchId) return;',
          '  })],',
          '});',
        ].join('\n'),
      ),
      write('packages/sdk/src/hubs/job-follower.ts', 'if (payload.jobId === started.jobId) end();\n'),
    ];
    expect(strays(tree, files)).toEqual([
      'packages/web/src/features/lots/sync-job.ts: following a job over a hub by hand (use the sdk’s followJob)',
    ]);
  });

  it('finds tag rules written in a web feature, and not in their home or outside the web app', () => {
    const files = [
      write(
        'packages/web/src/features/proxies/add-proxies-dialog.tsx',
        'const existing = tags.find((item) => item.name.toLocaleLowerCase() === name.toLocaleLowerCase());\n',
      ),
      write(
        'packages/web/src/features/steam-accounts/tag-filter.tsx',
        'const same = all.filter((tag) => tag.name.trim().toLowerCase() === typed);\n',
      ),
      write(
        'packages/web/src/shared/tags/tag-rules.ts',
        'const same = (tag) => tag.name.toLocaleLowerCase();\n',
      ),
      write('packages/server/src/modules/search/names.ts', 'const key = account.name.toLowerCase();\n'),
    ];
    expect(strays(tree, files)).toEqual([
      'packages/web/src/features/proxies/add-proxies-dialog.tsx: tag rules (match typed tag names through shared/tags/tag-rules.ts)',
      'packages/web/src/features/steam-accounts/tag-filter.tsx: tag rules (match typed tag names through shared/tags/tag-rules.ts)',
    ]);
  });
});
