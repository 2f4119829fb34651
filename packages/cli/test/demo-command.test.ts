import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '@tradedeck/sdk/client';
import { type AddAccountReason, addAccountReasonMessages } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, runDemo } from '../../server/src/demo/run-demo.ts';
import { runCli } from './run-cli.ts';

interface LoginCase {
  login: string;
  expect: { reason: AddAccountReason } | null;
}
const CASES = (
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL('../../sdk/test/steam/fixtures/login-cases.json', import.meta.url)),
      'utf8',
    ),
  ) as { cases: LoginCase[] }
).cases;

/** Splits a POSIX command line of plain words and single-quoted ones (what the demo prints). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/(?:[^\s']+|'(?:[^']|'\\'')*')+/g)) {
    words.push(
      match[0].replace(/'((?:[^']|'\\'')*)'/g, (_, inner: string) => inner.replaceAll("'\\''", "'")),
    );
  }
  return words;
}

let demo: Awaited<ReturnType<typeof runDemo>>;
/** How far the demo's clock of tokens and codes runs ahead of the real one. */
let clockAhead = 0;

beforeAll(async () => {
  demo = await runDemo({ port: 0, webRoot: null, now: () => Date.now() + clockAhead });
  // What `pnpm demo` does before it prints the command: the CLI signs in to the demo's settings directory
  // (`pnpm demo` pipes the password in; here it is typed at the prompt).
  const login = await runCli(
    ['--server', demo.url, 'login', '--email', DEMO_EMAIL],
    { TRADEDECK_CONFIG_DIR: demo.cliConfigDir },
    [DEMO_PASSWORD],
  );
  expect(login.code).toBe(0);
  // The demo seeds every trading screen (a harvest, weeks of sales, lots) before it answers: about 90 s of a
  // loaded 2-core machine, so the hook has room beyond it.
}, 240_000);
afterAll(() => demo?.stop());

describe("the demo's printed import command", () => {
  it('adds every healthy sandbox account and fails only the named failure cases, each with its reason', async () => {
    const [assignment, pnpm, silent, script, ...args] = shellWords(demo.importCommand);
    expect(`${pnpm} ${silent} ${script}`).toBe('pnpm -s tradedeck');
    expect(assignment).toBe(`TRADEDECK_CONFIG_DIR=${demo.cliConfigDir}`);

    const result = await runCli(args, { TRADEDECK_CONFIG_DIR: demo.cliConfigDir });

    const lines = new Map(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const),
    );
    const healthy = demo.importSet.accounts.filter((a) => a.login.startsWith('sandbox_bot_'));
    expect(healthy.length).toBe(20);
    for (const account of healthy) expect(lines.get(account.login), account.login).toBe('added');
    for (const item of CASES) {
      const expected = item.expect ? addAccountReasonMessages.en[item.expect.reason] : 'added';
      expect(lines.get(item.login), item.login).toBe(expected);
    }
    expect(lines.size).toBe(demo.importSet.accounts.length);
    const failures = CASES.filter((item) => item.expect).length;
    expect(result.stderr).toContain(
      `Added ${demo.importSet.accounts.length - failures} of ${demo.importSet.accounts.length} accounts; failed ${failures}`,
    );
    expect(result.code).toBe(3);
  }, 120_000);
});

describe("the demo's lots", () => {
  it('can be repriced on arrival: the seeding wrote their prices before the demo started, past the cooldown', async () => {
    const client = createApiClient({ baseUrl: demo.url, language: () => 'en' });
    client.tokens.set(await client.auth.login({ email: DEMO_EMAIL, password: DEMO_PASSWORD }));
    const preview = await client.lots.repricePreview({
      selection: { filters: { withStatus: ['on_sale'] } },
      itemsLimit: 1_000,
      withOutcomes: [],
    });
    expect(preview.total).toBeGreaterThan(10);
    expect(preview.items.filter((item) => item.reason === 'cooldown').map((item) => item.name)).toEqual([]);
  }, 60_000);
});

describe("the demo's console", () => {
  it('shows the code mailed for a step-up to the demo user, and that code passes the step-up', async () => {
    const shown: string[] = [];
    const stopFollowing = demo.followMail((line) => shown.push(line));
    // The demo mailed itself a step-up code while seeding: the next one may be sent a minute later.
    clockAhead = 61_000;
    const client = createApiClient({ baseUrl: demo.url, language: () => 'en' });
    client.tokens.set(await client.auth.login({ email: DEMO_EMAIL, password: DEMO_PASSWORD }));
    await client.user.requestTwoFactor({ purpose: 'stepUp' });
    stopFollowing();

    expect(shown).toHaveLength(1);
    const code = new RegExp(`^  mail to ${DEMO_EMAIL.replaceAll('.', '\\.')}: .*\\b(\\d{6})$`).exec(
      shown[0]!,
    )?.[1];
    expect(code, shown[0]).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await expect(client.user.stepUp({ twoFactor: { codes: { emailCode: wrong } } })).rejects.toThrow();
    const passed = await client.user.stepUp({ twoFactor: { codes: { emailCode: code! } } });
    expect(Date.parse(passed.validUntil)).toBeGreaterThan(Date.now());
  }, 60_000);
});
