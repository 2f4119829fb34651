import { Command, CommanderError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { registerAccounts } from './commands/accounts.ts';
import { registerAdmin } from './commands/admin.ts';
import { registerCompletion } from './commands/completion.ts';
import { registerConfig } from './commands/config.ts';
import { registerCurrencies } from './commands/currencies.ts';
import { registerHarvester } from './commands/harvester.ts';
import { registerHub } from './commands/hub.ts';
import { registerLogin } from './commands/login.ts';
import { registerLogout } from './commands/logout.ts';
import { registerP2p } from './commands/p2p.ts';
import { registerP2pLots } from './commands/p2p-lots.ts';
import { registerProxies } from './commands/proxies.ts';
import { registerStatus } from './commands/status.ts';
import { registerWhoami } from './commands/whoami.ts';
import { type CommandContext, createContext, type GlobalOptions, type Io, peekLanguage } from './context.ts';
import { CliFailure, ExitCode } from './exit-codes.ts';
import { failureFromError } from './failures.ts';
import { addExamples, localizeCommander, translateCommanderError } from './kit/help.ts';
import { message } from './messages.ts';

/** Runs `tradedeck` with the given arguments (without `node` and the script) and returns the exit code. */
export async function run(argv: string[], io: Io): Promise<number> {
  const program = new Command('tradedeck');
  let context: CommandContext | null = null;
  const lazyContext = () => {
    context ??= createContext(program.opts<GlobalOptions>(), io);
    return context;
  };
  const preLang = peekLanguage(argv, io.env);

  program
    .description(message(preLang, 'description'))
    .version(packageJson.version, '-v, --version', message(preLang, 'versionOption'))
    .option('-s, --server <url>', message(preLang, 'optServer'))
    .option('--json', message(preLang, 'optJson'))
    .option('--lang <lang>', message(preLang, 'optLang'))
    .option('--token <token>', message(preLang, 'optToken'))
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
      outputError: (text, write) => write(translateCommanderError(text, preLang)),
    });
  localizeCommander(program, preLang);

  // Help texts are needed before options are parsed, so they use the language peeked from argv.
  const registration = { lang: preLang, context: lazyContext };
  registerStatus(program, registration);
  registerConfig(program, registration);
  registerLogin(program, registration);
  registerLogout(program, registration);
  registerWhoami(program, registration);
  registerAdmin(program, registration);
  registerHub(program, registration);
  registerProxies(program, registration);
  registerAccounts(program, registration);
  registerP2p(program, registration);
  registerP2pLots(program, registration);
  registerHarvester(program, registration);
  registerCurrencies(program, registration);
  registerCompletion(program, registration);
  // Last: examples for every registered command.
  addExamples(program, preLang);

  try {
    await program.parseAsync(argv, { from: 'user' });
    return ExitCode.Ok;
  } catch (error) {
    return report(error, io, context);
  }
}

function report(error: unknown, io: Io, context: CommandContext | null): number {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return ExitCode.Ok;
    return ExitCode.Usage;
  }
  const failure = error instanceof CliFailure ? error : context ? failureFromError(context, error) : null;
  if (!failure) {
    io.stderr(`tradedeck: ${error instanceof Error ? error.message : String(error)}\n`);
    return ExitCode.Error;
  }
  if (context?.json && failure.json) io.stdout(`${JSON.stringify(failure.json, null, 2)}\n`);
  io.stderr(`tradedeck: ${failure.message}\n`);
  return failure.exitCode;
}
