import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../src/context.ts';
import { directLine } from '../src/direct.ts';
import { DIRECT_COMMANDS } from '../src/direct-commands.ts';
import { buildProgram } from '../src/program.ts';
import { runCli } from './run-cli.ts';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
/** Relative imports a file loads at run time: static ones without `import type`, and dynamic ones. */
const IMPORTS = /(?:^import (?!type )[^;]*? from |^import |\bimport\()'(\.{1,2}\/[^']+)'/gm;

/** The CLI's own files a module loads, itself included, following static and dynamic imports. */
function moduleFiles(entry: string): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, path] of readFileSync(file, 'utf8').matchAll(IMPORTS)) visit(join(dirname(file), path!));
  };
  visit(join(SRC, entry));
  return files;
}

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

  it('loads the texts of the groups its commands use, and no other', async () => {
    const files = moduleFiles('direct-run.ts');
    const isTexts = (file: string) => /\/texts(-\w+)?\.ts$/.test(file) && !file.includes('/texts/');
    const homes = [...files].filter(isTexts);
    expect(homes.map((file) => file.slice(SRC.length))).toEqual(['commands/accounts/texts.ts']);
    const loaded = new Set(homes.flatMap((file) => keysOf(file)));
    const all = new Set(
      textFiles(SRC)
        .filter(isTexts)
        .flatMap((file) => keysOf(file)),
    );
    // Every group key named in the code it runs (as a string literal) is among the groups it loads. Specs name
    // help texts, which only commander shows.
    const named = [...files]
      .filter((file) => !isTexts(file) && !/\/specs?\.ts$/.test(file))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/'(\w+)'/g)].map(([, key]) => key!));
    expect(named).toContain('guardValid');
    expect(named.filter((key) => all.has(key) && !loaded.has(key))).toEqual([]);
  });
});

/** The keys of a group's English texts. */
function keysOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const english = text.slice(text.indexOf('  en: {'), text.indexOf('  ru: {'));
  return [...english.matchAll(/^ {4}(\w+):/gm)].map(([, key]) => key!);
}

/** Every source file below a folder. */
function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? textFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
