import type { Command } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import {
  type CommandContext,
  createContext,
  type GlobalOptions,
  type Io,
  peekLanguage,
  type Registration,
} from './context.ts';
import { runDirect } from './direct-run.ts';
import { ExitCode } from './exit-codes.ts';
import { message } from './texts/message.ts';
import './texts/all.ts';
import { report } from './report.ts';

/** Runs `tradedeck` with the given arguments (without `node` and the script) and returns the exit code. */
export async function run(argv: string[], io: Io): Promise<number> {
  const direct = await runDirect(argv, io);
  if (direct !== null) return direct;
  let context: CommandContext | null = null;
  const program = await buildProgram(argv, io, (options) => {
    context ??= createContext(options, io);
    return context;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return ExitCode.Ok;
  } catch (error) {
    return report(error, io, context);
  }
}

/** The commander program for argv: the global options and the command groups argv needs. */
export async function buildProgram(
  argv: string[],
  io: Io,
  contextFor: (options: GlobalOptions) => CommandContext,
): Promise<Command> {
  const [{ Command }, { localizeCommander, translateCommanderError }] = await Promise.all([
    import('commander'),
    import('./kit/help.ts'),
  ]);
  const program = new Command('tradedeck');
  const lazyContext = () => contextFor(program.opts<GlobalOptions>());
  const preLang = peekLanguage(argv, io.env);

  program
    .description(message(preLang, 'description'))
    .version(packageJson.version, '-v, --version', message(preLang, 'versionOption'))
    .option('-s, --server <url>', message(preLang, 'optServer'))
    .option('--json', message(preLang, 'optJson'))
    .option('--lang <lang>', message(preLang, 'optLang'))
    .option('--token <token>', message(preLang, 'optToken'))
    .option('--workspace <id|name>', message(preLang, 'optWorkspace'))
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
      outputError: (text, write) => write(translateCommanderError(text, preLang)),
    });
  localizeCommander(program, preLang);
  // A workspace given by name is looked up once, before the command's body runs.
  program.hook('preAction', async () => {
    if (program.opts<GlobalOptions>().workspace || io.env.TRADEDECK_WORKSPACE?.trim())
      await lazyContext().resolveWorkspace();
  });

  // Help texts are needed before options are parsed, so they use the language peeked from argv.
  const registration = { lang: preLang, context: lazyContext };
  // Only the named command group is loaded (start-up time and memory); the top-level help, completion and an
  // unknown name load them all, so they list every command.
  const named = COMMAND_GROUPS[commandName(argv) ?? ''];
  const groups =
    named && named !== COMMAND_GROUPS.completion ? [named] : [...new Set(Object.values(COMMAND_GROUPS))];
  for (const register of await Promise.all(groups.map((load) => load()))) register(program, registration);

  return program;
}

type Register = (program: Command, registration: Registration) => void;

/** `settings` and `rates` are registered together. */
const loadCurrencies = async () => (await import('./commands/currencies/currencies.ts')).registerCurrencies;

/** Every top-level command group, in help order, by name, loaded on demand. */
const COMMAND_GROUPS: Record<string, () => Promise<Register>> = {
  status: async () => (await import('./commands/status/status.ts')).registerStatus,
  config: async () => (await import('./commands/config/config.ts')).registerConfig,
  login: async () => (await import('./commands/session/login.ts')).registerLogin,
  logout: async () => (await import('./commands/session/logout.ts')).registerLogout,
  whoami: async () => (await import('./commands/session/whoami.ts')).registerWhoami,
  admin: async () => (await import('./commands/admin/admin.ts')).registerAdmin,
  hub: async () => (await import('./commands/hub/hub.ts')).registerHub,
  proxies: async () => (await import('./commands/proxies/proxies.ts')).registerProxies,
  accounts: async () => (await import('./commands/accounts/accounts.ts')).registerAccounts,
  p2p: async () => {
    const [{ registerP2p }, { registerP2pLots }] = await Promise.all([
      import('./commands/p2p/p2p.ts'),
      import('./commands/p2p/p2p-lots.ts'),
    ]);
    return (program, registration) => {
      registerP2p(program, registration);
      registerP2pLots(program, registration);
    };
  },
  harvester: async () => (await import('./commands/harvester/harvester.ts')).registerHarvester,
  portfolio: async () => (await import('./commands/portfolio/portfolio.ts')).registerPortfolio,
  confirmations: async () =>
    (await import('./commands/confirmations/confirmations.ts')).registerConfirmations,
  ledger: async () => (await import('./commands/ledger/ledger.ts')).registerLedger,
  workspace: async () => (await import('./commands/workspace/workspace.ts')).registerWorkspace,
  settings: loadCurrencies,
  rates: loadCurrencies,
  completion: async () => (await import('./commands/completion/completion.ts')).registerCompletion,
};

/** Global options that take a value: their value is not a command name. */
const VALUED_OPTIONS = new Set(['-s', '--server', '--lang', '--token', '--workspace']);

/** The first word of argv that is not a global option or its value: the command group asked for. */
export function commandName(argv: string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === '--') return argv[i + 1] ?? null;
    if (VALUED_OPTIONS.has(word)) i++;
    else if (!word.startsWith('-')) return word;
  }
  return null;
}
