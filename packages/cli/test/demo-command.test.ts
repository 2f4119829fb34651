import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

beforeAll(async () => {
  demo = await runDemo({ port: 0, webRoot: null });
  // What `pnpm demo` does before it prints the command: the CLI signs in to the demo's settings directory
  // (`pnpm demo` pipes the password in; here it is typed at the prompt).
  const login = await runCli(
    ['--server', demo.url, 'login', '--email', DEMO_EMAIL],
    { TRADEDECK_CONFIG_DIR: demo.cliConfigDir },
    [DEMO_PASSWORD],
  );
  expect(login.code).toBe(0);
  // The demo seeds every trading screen (a harvest, weeks of sales, lots) before it answers.
}, 120_000);
afterAll(() => demo?.stop());

describe("the demo's printed import command", () => {
  it('adds every healthy sandbox account and fails only the named failure cases, each with its reason', async () => {
    const [assignment, pnpm, script, ...args] = shellWords(demo.importCommand);
    expect(`${pnpm} ${script}`).toBe('pnpm tradedeck');
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
