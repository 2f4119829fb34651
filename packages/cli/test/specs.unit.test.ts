import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../src/context.ts';
import { madeFromSpec } from '../src/kit/add-command.ts';
import { commandPath } from '../src/kit/help.ts';
import { buildProgram } from '../src/program.ts';

const io = { stdout: () => {}, stderr: () => {}, env: {} };

/** Every command below the program, each group's included. */
function commandsOf(program: Command): Command[] {
  const all: Command[] = [];
  const walk = (command: Command) => {
    for (const child of command.commands) {
      all.push(child);
      walk(child);
    }
  };
  walk(program);
  return all;
}

/** The help a command prints, as commander writes it (examples included). */
async function helpOf(argv: string[]): Promise<string> {
  let out = '';
  const program = await buildProgram(argv, { ...io, stdout: (text: string) => (out += text) }, () => {
    throw new Error('help needs no context');
  });
  await program.parseAsync(argv, { from: 'user' }).catch(() => {});
  return out;
}

describe('commands declared as specs', () => {
  it('makes every command of every group from its spec: options, help and completion have one source', async () => {
    const program = await buildProgram(['--help'], io, () => ({}) as CommandContext);
    const commands = commandsOf(program);
    for (const group of [
      'status',
      'config',
      'login',
      'admin',
      'hub',
      'proxies',
      'accounts',
      'p2p',
      'harvester',
    ])
      expect(commands.map(commandPath)).toContain(group);
    expect(commands.filter((command) => !madeFromSpec(command)).map(commandPath)).toEqual([]);
  });

  it('shows a spec’s examples in its command’s help, in the language asked for', async () => {
    expect(await helpOf(['proxies', 'rm', '--help'])).toContain(
      'Examples:\n  $ tradedeck proxies rm 12 13\n  $ tradedeck proxies rm --tag old --yes',
    );
    expect(await helpOf(['--lang', 'ru', 'admin', 'users', '--help'])).toContain(
      'Примеры:\n  $ tradedeck admin users --status pendingApproval',
    );
  });

  it('keeps the options a spec declares: choices, whole numbers with defaults, repeats, negations', async () => {
    const program = await buildProgram(['--help'], io, () => ({}) as CommandContext);
    const find = (path: string) => commandsOf(program).find((command) => commandPath(command) === path)!;
    const users = find('admin users');
    users.action(() => {});
    await users.parseAsync(['--page', '3'], { from: 'user' });
    expect(users.opts()).toEqual({ page: 3 });
    expect(() => users.parseOptions(['--status', 'sleeping'])).toThrow(
      /pendingConfirmation, pendingApproval/,
    );
    expect(find('admin outbox').getOptionValue('limit')).toBe(20);
    expect(find('hub connect').getOptionValue('on')).toEqual([]);
    expect(find('harvester start').options.map((option) => option.long)).toContain('--no-start');
    expect(find('settings').commands.find((command) => command.name() === 'get')).toBeDefined();
  });
});
