/**
 * The proxies texts the shell shows on every screen (the command palette's commands, and the proxy picker other
 * screens' dialogs use); the rest load with the screen.
 */
export const proxiesShellRu = {
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
  picker: {
    placeholder: 'Найти прокси: адрес, порт, имя',
    none: 'Нет прокси с таким адресом или именем',
    more: 'Ещё {{count}}: уточните поиск',
  },
} as const;

export const proxiesShellEn = {
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
  picker: {
    placeholder: 'Find a proxy: address, port, name',
    none: 'No proxy with this address or name',
    more: '{{count}} more: narrow the search',
  },
} as const;
