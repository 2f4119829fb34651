/** Texts of the admin module, in both languages. */
export const emailNotConfirmed = {
  ru: 'Пользователь ещё не подтвердил e-mail',
  en: 'The user has not confirmed their e-mail yet',
} as const;

export const cannotBanSelf = {
  ru: 'Нельзя заблокировать себя',
  en: 'You cannot ban yourself',
} as const;
