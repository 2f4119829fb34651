import type { CommandContext, GlobalOptions } from './context.ts';

/** The body of a command run without commander: its positional arguments and the flags that were given. */
export type DirectBody = (ctx: CommandContext, args: string[], flags: ReadonlySet<string>) => Promise<void>;

/**
 * A command that starts without commander when its line is plain: the command's words, exactly its positional
 * arguments, its own boolean flags and the global options. Anything else (help, a missing or extra argument, an
 * unknown option) goes to commander, which explains the mistake.
 */
export interface DirectCommand {
  /** The words naming the command, e.g. `['accounts', 'code']`. */
  path: readonly string[];
  /** How many positional arguments it takes. */
  args: number;
  /** Its boolean options, e.g. `--copy`. */
  flags: readonly string[];
  load: () => Promise<DirectBody>;
}

export interface DirectLine {
  command: DirectCommand;
  options: GlobalOptions;
  args: string[];
  flags: Set<string>;
}

/** Global options that take a value, by every name they are spelled with. */
const VALUED: Record<string, 'server' | 'lang' | 'token' | 'workspace'> = {
  '-s': 'server',
  '--server': 'server',
  '--lang': 'lang',
  '--token': 'token',
  '--workspace': 'workspace',
};

/** Reads argv as one of the direct commands, or null when commander has to read it. */
export function directLine(argv: readonly string[], commands: readonly DirectCommand[]): DirectLine | null {
  const options: GlobalOptions = {};
  const words: string[] = [];
  /** Each command flag with the number of words before it: it must follow the command's own words. */
  const given: Array<[flag: string, after: number]> = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === '--json') {
      options.json = true;
      continue;
    }
    const eq = word.indexOf('=');
    const name = word.startsWith('--') && eq > 0 ? word.slice(0, eq) : word;
    const valued = VALUED[name];
    if (valued) {
      const value = name === word ? argv[++i] : word.slice(eq + 1);
      if (value === undefined || (name === word && value.startsWith('-'))) return null;
      options[valued] = value;
    } else if (word.startsWith('-')) {
      given.push([word, words.length]);
    } else {
      words.push(word);
    }
  }
  const command = commands.find(
    (c) => c.path.every((part, i) => words[i] === part) && words.length === c.path.length + c.args,
  );
  if (!command) return null;
  const ownFlag = ([flag, after]: [string, number]) =>
    command.flags.includes(flag) && after >= command.path.length;
  if (!given.every(ownFlag)) return null;
  return {
    command,
    options,
    args: words.slice(command.path.length),
    flags: new Set(given.map(([flag]) => flag)),
  };
}
