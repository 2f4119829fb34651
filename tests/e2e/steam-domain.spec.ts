import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { watchConsole } from './console-guard.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, 'packages/sdk/test/steam/fixtures');

interface EsbuildApi {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[] }>;
}

/** The parts of `@tradedeck/sdk/domain` this page uses (typed loosely: the bundle is a browser global). */
interface DomainGlobal {
  parseMafileText(
    text: string,
  ): { ok: true; mafile: { steamId: string | null } } | { ok: false; reason: string };
  extractMafiles(
    files: { name: string; content: string }[],
    options: { passkey?: string; tryExtractProxy?: boolean },
  ): Promise<{
    extracted: { mafile: { accountName: string | null; embeddedProxy: { host: string } | null } }[];
    invalid: { reason: string }[];
  }>;
  generateGuardCode(secret: string, time: number): Promise<string>;
  generateConfirmationKey(secret: string, time: number, tag: string): Promise<string>;
}

/** Bundles the sdk's Steam rules for the browser with esbuild (reached through the server's tsx). */
async function bundleDomain(): Promise<string> {
  const fromServer = createRequire(join(root, 'packages/server/package.json'));
  const fromTsx = createRequire(join(dirname(fromServer.resolve('tsx/package.json')), 'package.json'));
  const esbuild = (await import(fromTsx.resolve('esbuild'))) as EsbuildApi;
  const result = await esbuild.build({
    entryPoints: [join(root, 'packages/sdk/src/domain/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'TradedeckDomain',
    platform: 'browser',
    target: 'es2022',
    write: false,
    nodePaths: [join(root, 'packages/sdk/node_modules')],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

function folder(path: string): { name: string; content: string }[] {
  const dir = join(fixtures, path);
  return readdirSync(dir).map((name) => ({ name, content: readFileSync(join(dir, name), 'utf8') }));
}

test.describe('Steam account rules in the browser', () => {
  // The domain bundle is injected inline for the test; the app's Content-Security-Policy rightly refuses that.
  test('guard codes, exact SteamIDs and SDA decryption run on the browser Web Crypto', async ({ page }) => {
    const problems = watchConsole(page);
    // A blank same-origin page without the app's Content-Security-Policy, so the bundle may run inline.
    await page.route('**/__steam-domain-test', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>steam domain</title>' }),
    );
    await page.goto('/__steam-domain-test');
    await page.addScriptTag({ content: await bundleDomain() });
    const result = await page.evaluate(
      async ({ encrypted, nebula }) => {
        const d = (globalThis as unknown as { TradedeckDomain: DomainGlobal }).TradedeckDomain;
        const parsed = d.parseMafileText(
          '{"shared_secret":"KDHC3rsY8+CmiswnXJcE5e5dRfc=","Session":{"SteamID":76561198012345679}}',
        );
        const wrong = await d.extractMafiles(encrypted, { passkey: 'wrong' });
        const right = await d.extractMafiles(encrypted, { passkey: 'fixture-passkey' });
        const withProxy = await d.extractMafiles([nebula], { tryExtractProxy: true });
        return {
          codes: [
            await d.generateGuardCode('KDHC3rsY8+CmiswnXJcE5e5dRfd=', 1337),
            await d.generateGuardCode('KDHC3rsY8+CmiswnXJcE5e5dRfd=', 1723332288),
          ],
          key: await d.generateConfirmationKey('qrg+wW8/u/TDt2i/+FQuPhuVrmY=', 1723332288, 'conf'),
          steamId: parsed.ok ? parsed.mafile.steamId : parsed.reason,
          wrong: wrong.invalid.map((item) => item.reason),
          logins: right.extracted.map((item) => item.mafile.accountName),
          proxy: withProxy.extracted[0]?.mafile.embeddedProxy?.host,
        };
      },
      {
        encrypted: folder('encrypted/sda'),
        nebula: {
          name: 'nebula.maFile',
          content: readFileSync(join(fixtures, 'mafiles/valid/nebula.maFile'), 'utf8'),
        },
      },
    );
    expect(result).toEqual({
      codes: ['47J4D', 'JQ3HQ'],
      key: 'hpZUxyNgwBvtKPROvedjuvVPQiE=',
      steamId: '76561198012345679',
      wrong: ['wrongPasskey', 'wrongPasskey'],
      logins: ['fixture_enc_a', 'fixture_enc_b', 'fixture_enc_plain'],
      proxy: '203.0.113.10',
    });
    expect(problems).toEqual([]);
  });
});
