import type { Language } from '@tradedeck/sdk/i18n';

type Texts = Record<Language, string>;

/** Texts of the proxies module; the Russian ones follow the spec's tone (docs/product-shell.md §8). */
export const proxyMessages = {
  /** The spec's "some already exist", as the summary of an add with duplicates. */
  someAlreadyExist: { ru: 'Некоторые прокси уже существуют', en: 'Some proxies already exist' },
  alreadyStored: (): Texts => ({ ru: 'Такой прокси уже добавлен', en: 'This proxy has already been added' }),
  repeatsLine: (line: number): Texts => ({
    ru: `Такой прокси уже есть в строке ${line}`,
    en: `The same proxy is already on line ${line}`,
  }),
  proxyNotFound: { ru: 'Прокси не найден', en: 'Proxy not found' } as Texts,
  tagNotFound: { ru: 'Тег не найден', en: 'Tag not found' } as Texts,
  inUse: (accounts: number): Texts => ({
    ru: `Прокси используется Steam-аккаунтами (${accounts}): отвяжите их или удалите с отвязкой`,
    en: `The proxy is used by ${accounts} Steam account${accounts === 1 ? '' : 's'}: detach them or delete with detach`,
  }),
  passwordNotReplaced: {
    ru: 'Пароль не заменён: прокси изменили или удалили во время добавления',
    en: 'The password was not replaced: the proxy was changed or removed during the add',
  } as Texts,
  identityTaken: {
    ru: 'Прокси с такими адресом, протоколом и данными входа уже есть',
    en: 'A proxy with this address, protocol and credentials already exists',
  } as Texts,
  customNeedsTemplate: {
    ru: 'Для формата custom укажите шаблон, например {ip}:{port}:{login}:{pass}',
    en: 'The custom format needs a template, e.g. {ip}:{port}:{login}:{pass}',
  } as Texts,
} as const;

export const ALREADY_EXISTS_CODE = 'already_exists';
