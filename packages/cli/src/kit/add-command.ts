import type { Language } from '@tradedeck/sdk/i18n';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { message } from '../texts/message.ts';
import type { CommandSpec, OptionSpec } from './spec.ts';

const collect = (value: string, all: string[]) => [...all, value];

/** The commands made from a spec: a test walks the program and finds none made any other way. */
const FROM_SPEC = new WeakSet<Command>();

/** Whether the command was made from its spec by `addCommand`. */
export const madeFromSpec = (command: Command): boolean => FROM_SPEC.has(command);

/** Commander's command for a spec, below its parent (the group's command), with its texts in `lang`. */
export function addCommand(parent: Command, spec: CommandSpec, lang: Language): Command {
  const name = [spec.path.at(-1), ...(spec.args ?? [])].join(' ');
  const command = parent
    .command(name, spec.isDefault ? { isDefault: true } : {})
    .description(message(lang, spec.text));
  for (const option of spec.options ?? []) command.addOption(optionOf(option, lang));
  if (spec.examples?.length) {
    const lines = spec.examples.map((example) => `  $ ${example}`).join('\n');
    command.addHelpText('after', `\n${message(lang, 'helpExamples')}\n${lines}`);
  }
  FROM_SPEC.add(command);
  return command;
}

function optionOf(option: OptionSpec, lang: Language): Option {
  const made = new Option(option.flags, option.text ? message(lang, option.text) : undefined);
  if (!option.text) made.hideHelp();
  if (option.required) made.makeOptionMandatory();
  const { choices } = option;
  if (option.many) made.argParser(collect).default([]);
  else if (choices)
    made.argParser((value: string) => {
      if (!choices.includes(value)) throw new InvalidArgumentError(choices.join(', '));
      return value;
    });
  else if (option.integer) made.argParser((value: string) => Number.parseInt(value, 10));
  if (option.default !== undefined) made.default(option.default);
  return made;
}
