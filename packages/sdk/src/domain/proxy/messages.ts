import type { Language } from '../../i18n/messages.ts';
import { PROXY_CREDENTIAL_MAX_BYTES, PROXY_NAME_MAX_LENGTH } from './types.ts';

/** Why a proxy line or field was refused. */
export type ProxyIssueCode =
  | 'invalid_format'
  | 'invalid_host'
  | 'invalid_port'
  | 'unsupported_scheme'
  | 'missing_username'
  | 'credentials_too_long'
  | 'socks4_password'
  | 'name_too_long';

/** A reason in both languages, so every front end shows it in the user's language without another lookup. */
export interface ProxyIssue {
  code: ProxyIssueCode;
  ru: string;
  en: string;
}

const texts: Readonly<Record<ProxyIssueCode, Readonly<Record<Language, string>>>> = {
  invalid_format: {
    ru: 'Неверный формат строки: ожидается ip:port, ip:port:user:pass или user:pass@ip:port',
    en: 'Invalid line format: expected ip:port, ip:port:user:pass or user:pass@ip:port',
  },
  // The two texts below are the specification's own (docs/product-shell.md §5).
  invalid_host: {
    ru: 'Введите корректный IP-адрес или доменное имя',
    en: 'Enter a valid IP address or domain name',
  },
  invalid_port: {
    ru: 'Порт должен быть числом от 1 до 65535',
    en: 'Port must be a number from 1 to 65535',
  },
  unsupported_scheme: {
    ru: 'Неподдерживаемый протокол: допустимы http, https, socks4, socks4a, socks5, socks5h',
    en: 'Unsupported protocol: use http, https, socks4, socks4a, socks5 or socks5h',
  },
  missing_username: {
    ru: 'Указан пароль без логина',
    en: 'A password was given without a login',
  },
  credentials_too_long: {
    ru: `Логин и пароль должны быть не длиннее ${PROXY_CREDENTIAL_MAX_BYTES} байт`,
    en: `Login and password must be at most ${PROXY_CREDENTIAL_MAX_BYTES} bytes each`,
  },
  socks4_password: {
    ru: 'SOCKS4 не поддерживает пароль: укажите только логин (user id) или выберите SOCKS5',
    en: 'SOCKS4 has no password: give only a login (user id) or choose SOCKS5',
  },
  name_too_long: {
    ru: `Имя прокси должно быть не длиннее ${PROXY_NAME_MAX_LENGTH} символов`,
    en: `A proxy name must be at most ${PROXY_NAME_MAX_LENGTH} characters`,
  },
};

export function proxyIssue(code: ProxyIssueCode): ProxyIssue {
  const text = texts[code];
  return { code, ru: text.ru, en: text.en };
}

export function proxyIssueMessage(code: ProxyIssueCode, lang: Language): string {
  return texts[code][lang];
}
