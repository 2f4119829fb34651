import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { completionScript, SHELLS, type Shell } from '../../kit/completion.ts';
import { message } from '../../texts/message.ts';

/** `tradedeck completion bash|zsh|fish`: prints a completion script built from the registered commands. */
export function registerCompletion(program: Command, { lang, context }: Registration): void {
  program
    .command('completion <shell>')
    .description(message(lang, 'completionDescription'))
    .action((shell: string) => {
      if (!(SHELLS as readonly string[]).includes(shell)) {
        throw new CliFailure(message(lang, 'completionUnknownShell', { value: shell }), ExitCode.Usage);
      }
      context().io.stdout(completionScript(program, shell as Shell));
    });
}
