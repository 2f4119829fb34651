import { addTexts } from './messages.ts';

/** Texts of the mechanisms every command shares: confirmation, lists, exit codes, help (added to the texts of messages.ts as this module loads). */
export const kitEn = {
  optYes: 'do not ask for confirmation (for scripts)',
  confirmNeedsYes:
    '{action}: refused without confirmation. There is no terminal to ask on; pass --yes to go ahead',
  confirmQuestion: 'Go ahead? [y/N]',
  confirmDeclined: 'Cancelled: nothing was changed',
  confirmMore: 'and {count} more',
  optListAll: 'print every row (fetched page by page)',
  listNotice: 'Printed {shown} of {total} rows; pass --all for every row',
  allWithPage: '--all prints every row: leave out --page and --page-size',
  settingsFile: 'Settings file: {path}',
  sessionStore: 'Session: {where}',
  helpExamples: 'Examples:',
  helpOption: 'display help for command',
  helpCommand: 'display help for command',
  usageHint: '(add --help for usage and examples)',
  versionOption: 'output the version number',
  completionDescription: 'print a shell completion script: bash, zsh or fish',
  completionUnknownShell: 'Shell must be bash, zsh or fish, got "{value}"',
  loginNeedsEmail: 'No terminal to ask for the e-mail: pass --email (and --password-stdin), or --token',
  loginNeedsPassword:
    'No terminal to ask for the password: pipe it in with --password-stdin, or pass --token',
  loginEmailEmpty: 'No e-mail given: nothing was sent',
  loginPasswordEmpty: 'No password given: nothing was sent',
  formatRequired: '--format is required: one of {known} (or --template for a custom line)',
  distributeNoUsable:
    'The tag "{tag}" has no usable proxy ({count} proxies, all invalid or expired): check them (tradedeck proxies check --tag {tag}) or choose another tag',
  distributeEmptyTag: 'The tag "{tag}" has no proxies: import some with --tag {tag} or choose another tag',
} as const;

export const kitRu: { [K in keyof typeof kitEn]: string } = {
  optYes: 'не спрашивать подтверждения (для скриптов)',
  confirmNeedsYes: '{action}: отказано без подтверждения. Терминала, чтобы спросить, нет; добавьте --yes',
  confirmQuestion: 'Продолжить? [y/N]',
  confirmDeclined: 'Отменено: ничего не изменено',
  confirmMore: 'и ещё {count}',
  optListAll: 'вывести все строки (загружаются постранично)',
  listNotice: 'Выведено {shown} из {total} строк; --all — все строки',
  allWithPage: '--all выводит все строки: уберите --page и --page-size',
  settingsFile: 'Файл настроек: {path}',
  sessionStore: 'Сеанс: {where}',
  helpExamples: 'Примеры:',
  helpOption: 'показать справку по команде',
  helpCommand: 'показать справку по команде',
  usageHint: '(добавьте --help, чтобы увидеть использование и примеры)',
  versionOption: 'вывести номер версии',
  completionDescription: 'вывести скрипт автодополнения для оболочки: bash, zsh или fish',
  completionUnknownShell: 'Оболочка должна быть bash, zsh или fish, а не "{value}"',
  loginNeedsEmail: 'Нет терминала, чтобы спросить e-mail: укажите --email (и --password-stdin) или --token',
  loginNeedsPassword:
    'Нет терминала, чтобы спросить пароль: передайте его через --password-stdin или укажите --token',
  loginEmailEmpty: 'E-mail не указан: ничего не отправлено',
  loginPasswordEmpty: 'Пароль не указан: ничего не отправлено',
  formatRequired: 'Нужен --format: один из {known} (или --template для своей строки)',
  distributeNoUsable:
    'У тега "{tag}" нет рабочих прокси ({count} прокси, все невалидные или истёкшие): проверьте их (tradedeck proxies check --tag {tag}) или выберите другой тег',
  distributeEmptyTag: 'У тега "{tag}" нет прокси: импортируйте их с --tag {tag} или выберите другой тег',
} as const;

addTexts(kitEn, kitRu);
