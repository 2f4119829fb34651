/** Texts of the users module, in both languages. */
export const wrongPassword = { ru: 'Неверный пароль', en: 'Wrong password' } as const;

export const emailTaken = {
  ru: 'Этот e-mail уже занят',
  en: 'This e-mail is already taken',
} as const;

export const authenticatorAlreadySet = {
  ru: 'Приложение-аутентификатор уже подключено; сначала отключите его',
  en: 'An authenticator app is already set up; turn it off first',
} as const;

export const getKeyFirst = { ru: 'Сначала получите ключ', en: 'Get a key first' } as const;

export const sameEmailText = {
  ru: 'Новый e-mail должен отличаться от текущего',
  en: 'The new e-mail must differ from the current one',
} as const;
