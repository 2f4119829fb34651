import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../src/context.ts';
import { directLine } from '../src/direct.ts';
import { DIRECT_COMMANDS } from '../src/direct-commands.ts';
import { buildProgram } from '../src/program.ts';
import { runCli } from './run-cli.ts';

const io = { stdout: () => {}, stderr: () => {}, env: {} };

describe('commands read without commander', () => {
  it('reads a plain line with global options anywhere and the command flags after the command', () => {
    const line = directLine(
      ['--lang', 'ru', 'accounts', '-s', 'http://h:1', 'code', 'bob', '--copy', '--json', '--token=t'],
      DIRECT_COMMANDS,
    );
    expect(line?.command.path).toEqual(['accounts', 'code']);
    expect(line?.args).toEqual(['bob']);
    expect([...(line?.flags ?? [])]).toEqual(['--copy']);
    expect(line?.options).toEqual({ lang: 'ru', server: 'http://h:1', json: true, token: 't' });
  });

  it('leaves help, mistakes and every other command to commander', () => {
    for (const argv of [
      ['accounts', 'code'],
      ['accounts', 'code', 'bob', 'alice'],
      ['accounts', 'code', 'bob', '--help'],
      ['accounts', 'code', 'bob', '-h'],
      ['accounts', 'code', 'bob', '--cpy'],
      ['accounts', '--copy', 'code', 'bob'],
      ['accounts', 'code', 'bob', '--server'],
      ['accounts', 'code', 'bob', '--lang', '--json'],
      ['accounts', 'code', '--', 'bob'],
      ['accounts', 'ls'],
      ['proxies', 'code', 'bob'],
      ['--version'],
    ]) {
      expect(directLine(argv, DIRECT_COMMANDS), argv.join(' ')).toBeNull();
    }
  });

  it('takes the same arguments and options as the command registered in its group', async () => {
    const program = await buildProgram(['--help'], io, () => ({}) as CommandContext);
    for (const direct of DIRECT_COMMANDS) {
      let command = program;
      for (const word of direct.path) {
        const next = command.commands.find((c) => c.name() === word);
        expect(next, direct.path.join(' ')).toBeDefined();
        command = next!;
      }
      expect(command.registeredArguments.filter((a) => a.required)).toHaveLength(direct.args);
      expect(command.registeredArguments).toHaveLength(direct.args);
      const booleans = command.options.filter((o) => !o.required && !o.optional).map((o) => o.long);
      expect(booleans.sort()).toEqual([...direct.flags].sort());
      expect(command.options).toHaveLength(direct.flags.length);
    }
  });

  it('runs the command with the global options it read, and reports like commander does', async () => {
    const refused = await runCli(['accounts', 'code', 'bob', '--json', '-s', 'http://127.0.0.1:1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Cannot reach the Tradedeck server at http://127.0.0.1:1');
    expect(JSON.parse(refused.stdout)).toMatchObject({ server: 'http://127.0.0.1:1', reachable: false });

    const badLanguage = await runCli(['accounts', 'code', 'bob', '--lang', 'de']);
    expect(badLanguage.code).toBe(2);
    expect(badLanguage.stderr).toContain('Language must be ru or en, got "de"');

    const missing = await runCli(['--lang', 'en', 'accounts', 'code']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("missing required argument 'login'");
  });
});
