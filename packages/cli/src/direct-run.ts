import { type CommandContext, createContext, type Io } from './context.ts';
import { directLine } from './direct.ts';
import { DIRECT_COMMANDS } from './direct-commands.ts';
import { ExitCode } from './exit-codes.ts';
import { report } from './report.ts';

/**
 * Runs argv when it is a plain line of a direct command and returns the exit code, or null when commander has to
 * read it. The bin starts such lines from this module's own one-file build (`dist/direct-run.js`): loading one
 * file instead of the twenty chunks the rest of the CLI shares is most of what a short command costs.
 */
export async function runDirect(argv: string[], io: Io): Promise<number | null> {
  const direct = directLine(argv, DIRECT_COMMANDS);
  if (!direct) return null;
  let context: CommandContext | null = null;
  try {
    const body = await direct.command.load();
    context = createContext(direct.options, io);
    await context.resolveWorkspace();
    await body(context, direct.args, direct.flags);
    return ExitCode.Ok;
  } catch (error) {
    return report(error, io, context);
  }
}
