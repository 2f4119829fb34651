import type { Language } from '@tradedeck/sdk/i18n';
import { type Command, Option } from 'commander';
import { message } from '../texts/message.ts';
import type { CommandSpec } from './spec.ts';

const collect = (value: string, all: string[]) => [...all, value];

/** Commander's command for a spec, below its parent (the group's command), with its texts in `lang`. */
export function addCommand(parent: Command, spec: CommandSpec, lang: Language): Command {
  const name = [spec.path.at(-1), ...(spec.args ?? [])].join(' ');
  const command = parent
    .command(name, spec.isDefault ? { isDefault: true } : {})
    .description(message(lang, spec.text));
  for (const option of spec.options ?? []) {
    const made = new Option(option.flags, option.text ? message(lang, option.text) : undefined);
    if (!option.text) made.hideHelp();
    if (option.required) made.makeOptionMandatory();
    if (option.many) made.argParser(collect).default([]);
    command.addOption(made);
  }
  if (spec.examples?.length) {
    const lines = spec.examples.map((example) => `  $ ${example}`).join('\n');
    command.addHelpText('after', `\n${message(lang, 'helpExamples')}\n${lines}`);
  }
  return command;
}
