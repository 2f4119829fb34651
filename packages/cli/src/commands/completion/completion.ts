import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { addCommand } from '../../kit/add-command.ts';
import { completionScript, SHELLS, type Shell } from '../../kit/completion.ts';
import { message } from '../../texts/message.ts';
import { COMPLETION } from './specs.ts';

/** `tradedeck completion bash|zsh|fish`: prints a completion script built from the registered commands. */
export function registerCompletion(program: Command, { lang, context }: Registration): void {
  addCommand(program, COMPLETION, lang).action((shell: string) => {
    if (!(SHELLS as readonly string[]).includes(shell)) {
      throw new CliFailure(message(lang, 'completionUnknownShell', { value: shell }), ExitCode.Usage);
    }
    context().io.stdout(completionScript(program, shell as Shell));
  });
}
