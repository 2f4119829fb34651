import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bareCliCommand, CLI_DIR } from './helpers/cli-command.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';
import { runCli } from './run-cli.ts';

const terminal = new TmuxSession(`tradedeck-help-${process.pid}`);
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-help-'));
const cli = bareCliCommand(dir);
afterEach(() => terminal.kill());

describe('help and completion in a real terminal (tmux)', () => {
  it('speaks Russian with --lang ru: commander titles, errors, the help option; examples; one hint line on a usage error', async () => {
    terminal.start(
      `bash -c ${shellQuote(`${cli} --lang ru proxies ls --help; ${cli} --lang ru accounts code; echo "usage-exit=$?"; sleep 60`)}`,
      CLI_DIR,
      { width: 150, height: 60 },
    );
    const screen = await terminal.waitFor(/usage-exit=\d+/);
    expect(screen).toContain('Использование: tradedeck proxies ls [параметры]');
    expect(screen).toContain('Параметры:');
    expect(screen).toContain('-h, --help         показать справку по команде');
    expect(screen).toContain('Примеры:\n  $ tradedeck proxies ls --tag fresh --status idle');
    expect(screen).toContain("ошибка: не указан обязательный аргумент 'login'");
    expect(screen).toContain('(добавьте --help, чтобы увидеть использование и примеры)');
    expect(screen).toContain('usage-exit=2');
    // One hint line, not the whole help of the command.
    const afterError = screen.slice(screen.indexOf('ошибка:'));
    expect(afterError).not.toContain('Параметры:');
    expect(screen).not.toMatch(/Options:|display help for command/);
  }, 60_000);

  it('prints completion scripts that the shells accept and that complete commands', async () => {
    terminal.start(
      `bash -c ${shellQuote(
        [
          `${cli} completion bash > ${dir}/c.bash && bash -n ${dir}/c.bash && echo bash-syntax-ok`,
          `source ${dir}/c.bash; COMP_WORDS=(tradedeck proxies l); COMP_CWORD=2; _tradedeck; echo "proxies-l: \${COMPREPLY[*]}"`,
          `COMP_WORDS=(tradedeck proxies rm --t); COMP_CWORD=3; _tradedeck; echo "rm-opts: \${COMPREPLY[*]}"`,
          `${cli} completion fish | grep -c "__fish_seen_subcommand_from proxies" | sed "s/^/fish-lines: /"`,
          `${cli} completion tcsh; echo "bad-shell-exit=$?"`,
          'sleep 60',
        ].join('; '),
      )}`,
      CLI_DIR,
      { width: 150, height: 40 },
    );
    const screen = await terminal.waitFor(/bad-shell-exit=\d+/);
    expect(screen).toContain('bash-syntax-ok');
    expect(screen).toContain('proxies-l: ls');
    expect(screen).toMatch(/rm-opts: --tag\b/);
    expect(screen).toMatch(/fish-lines: [1-9]\d*/);
    expect(screen).toContain('Shell must be bash, zsh or fish, got "tcsh"');
    expect(screen).toContain('bad-shell-exit=2');

    const zsh = await runCli(['completion', 'zsh']);
    expect(zsh.code).toBe(0);
    expect(zsh.stdout).toMatch(/^#compdef tradedeck\n/);
    expect(zsh.stdout).toContain('complete -F _tradedeck tradedeck');
  }, 60_000);
});
