/** Texts of the proxy-checks module, in both languages. */
export const proxiesNotFound = { ru: 'Прокси не найдены', en: 'Proxies not found' } as const;
