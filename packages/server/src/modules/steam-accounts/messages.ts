/** Texts of the Steam accounts module, in both languages. */
export const ACCOUNT_NOT_FOUND = {
  ru: 'Аккаунт не найден',
  en: 'Account not found',
};
export const TAG_NOT_FOUND = { ru: 'Тег не найден', en: 'Tag not found' };
export const PROXY_NOT_FOUND = { ru: 'Прокси не найден', en: 'Proxy not found' };
export const PROXY_TAG_NOT_FOUND = { ru: 'Тег прокси не найден', en: 'Proxy tag not found' };
export const MAFILE_UNREADABLE = { ru: 'Мафайл не читается', en: 'The maFile cannot be read' };
export const MAFILE_OTHER_LOGIN = {
  ru: 'Мафайл принадлежит другому аккаунту',
  en: 'The maFile belongs to another account',
};
export const NO_SHARED_SECRET = {
  ru: 'У аккаунта нет shared_secret: код Steam Guard недоступен',
  en: 'The account has no shared_secret: no Steam Guard code',
};
