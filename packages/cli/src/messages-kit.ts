/** Texts of the mechanisms every command shares: confirmation, lists, exit codes, help (merged into messages.ts). */
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
  settingsFile: 'Settings file: {path} (the session files are beside it)',
  promptCancelled: 'Cancelled at the prompt: nothing was sent',
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
  settingsFile: 'Файл настроек: {path} (файлы сеанса рядом с ним)',
  promptCancelled: 'Отменено на вопросе: ничего не отправлено',
} as const;
