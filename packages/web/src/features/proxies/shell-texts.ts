import { defineTexts } from '../../i18n/define-texts.ts';
/**
 * The proxies texts the shell shows on every screen (the command palette's commands, and the proxy picker other
 * screens' dialogs use); the rest load with the screen.
 */
export const proxiesShellTexts = defineTexts(
  {
    navCommand: 'Управление прокси',
    commands: {
      add: 'Прокси: добавить',
      view: 'Прокси: открыть и изменить',
      check: 'Прокси: проверить выбранные',
      checkAll: 'Прокси: проверить все по фильтрам',
      export: 'Прокси: экспорт',
      remove: 'Прокси: удалить',
      addTag: 'Прокси: добавить тег выбранным',
      removeTag: 'Прокси: снять тег с выбранных',
      search: 'Прокси: поиск',
      refresh: 'Прокси: обновить список',
    },
  },
  {
    navCommand: 'Proxy Management',
    commands: {
      add: 'Proxies: add',
      view: 'Proxies: open and edit',
      check: 'Proxies: check selected',
      checkAll: 'Proxies: check all matching the filters',
      export: 'Proxies: export',
      remove: 'Proxies: delete',
      addTag: 'Proxies: add a tag to the selected',
      removeTag: 'Proxies: remove a tag from the selected',
      search: 'Proxies: search',
      refresh: 'Proxies: refresh the list',
    },
  },
);
