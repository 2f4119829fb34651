import type { Language } from '@tradedeck/sdk/i18n';
import { type Command, Help } from 'commander';
import { message } from '../texts/message.ts';

/** The path of a command below the program: `proxies tag add`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

const TITLES_RU: Record<string, string> = {
  'Usage:': 'Использование:',
  'Options:': 'Параметры:',
  'Commands:': 'Команды:',
  'Arguments:': 'Аргументы:',
  'Global Options:': 'Общие параметры:',
};

/** Commander's help texts in the user's language: titles and the help option (inherited by every command). */
export function localizeCommander(program: Command, lang: Language): void {
  program.helpOption('-h, --help', message(lang, 'helpOption'));
  program.helpCommand('help [command]', message(lang, 'helpCommand'));
  // One hint line after a usage error, not the whole help.
  program.showHelpAfterError(message(lang, 'usageHint'));
  if (lang !== 'ru') return;
  const plain = new Help();
  program.configureHelp({
    styleTitle: (title) => TITLES_RU[title] ?? plain.styleTitle(title),
    commandUsage: (command) =>
      plain.commandUsage(command).replace('[options]', '[параметры]').replace('[command]', '[команда]'),
    optionDescription: (option) => plain.optionDescription(option).replace('(default: ', '(по умолчанию: '),
  });
}

const ERRORS_RU: ReadonlyArray<readonly [RegExp, string]> = [
  [/^error: unknown option '(.*)'/, "ошибка: неизвестный параметр '$1'"],
  [/^error: unknown command '(.*)'/, "ошибка: неизвестная команда '$1'"],
  [/^error: missing required argument '(.*)'/, "ошибка: не указан обязательный аргумент '$1'"],
  [/^error: option '(.*)' argument missing/, "ошибка: параметру '$1' нужно значение"],
  [/^error: required option '(.*)' not specified/, "ошибка: не указан обязательный параметр '$1'"],
  [
    /^error: too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+)\./,
    'ошибка: слишком много аргументов (ожидалось $2, получено $3)',
  ],
];

/** A commander error line in the user's language (English is commander's own). */
export function translateCommanderError(text: string, lang: Language): string {
  if (lang !== 'ru') return text;
  let translated = text.replace(/\(Did you mean (.*)\?\)/, '(может быть, $1?)');
  for (const [pattern, replacement] of ERRORS_RU) {
    if (pattern.test(translated)) translated = translated.replace(pattern, replacement);
  }
  return translated;
}
