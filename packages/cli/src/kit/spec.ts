// Plain data and no commander: the direct commands read their specs before commander loads.
import type { DirectBody, DirectCommand } from '../direct.ts';
import type { MessageKey } from '../texts/message.ts';

/** One option of a command, as commander takes it. */
export interface OptionSpec {
  /** `--copy`, `--status <status>`, `-y, --yes`. */
  flags: string;
  /** Its help text; an option without one is hidden (taken only to answer it with a clear refusal). */
  text?: MessageKey;
  required?: boolean;
  /** Repeatable: every value is kept, in order. */
  many?: boolean;
}

/**
 * A command as its group declares it: its words, arguments, help text, options and help examples. Commander's
 * command is made from it (`addCommand`, in `add-command.ts`), and a command with `direct` also starts without commander
 * (`direct-commands.ts` collects them), with the same arguments and options.
 */
export interface CommandSpec {
  /** The command's words below the program: `['accounts', 'code']`. */
  path: readonly string[];
  /** Its arguments as commander writes them: `<login>`, `[ids...]`. */
  args?: readonly string[];
  text: MessageKey;
  options?: readonly OptionSpec[];
  examples?: readonly string[];
  /** The command its group runs when no other is named (`tradedeck confirmations` lists). */
  isDefault?: boolean;
  /** Loads the body of a command that runs without commander when its line is plain (start-up time). */
  direct?: () => Promise<DirectBody>;
}

export const PAGING_OPTIONS: readonly OptionSpec[] = [
  { flags: '--all', text: 'optListAll' },
  { flags: '--page <n>', text: 'optPage' },
  { flags: '--page-size <n>', text: 'optPageSize' },
];

export const YES_OPTION: OptionSpec = { flags: '-y, --yes', text: 'optYes' };

/** The direct commands among specs: their words, positional arguments and boolean flags. */
export function directCommands(specs: readonly CommandSpec[]): DirectCommand[] {
  return specs.flatMap((spec) => {
    if (!spec.direct) return [];
    const flags = (spec.options ?? []).map((option) => option.flags);
    if (flags.some((flags) => /[<[ ,]/.test(flags)) || spec.args?.some((arg) => arg.includes('...'))) {
      throw new Error(
        `${spec.path.join(' ')}: a direct command takes only plain arguments and boolean flags`,
      );
    }
    return [{ path: spec.path, args: spec.args?.length ?? 0, flags, load: spec.direct }];
  });
}
