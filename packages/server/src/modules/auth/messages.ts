import type { AccountStatus } from './users-repo.ts';

/** Texts of the auth module, in both languages. */
type Texts = { ru: string; en: string };

export const needsAuthenticator = {
  ru: 'Действия администратора доступны только с двухфакторной аутентификацией. Включите приложение-аутентификатор в разделе Профиль → Безопасность.',
  en: 'Administrator actions need two-factor authentication. Turn on the authenticator app in Profile → Security.',
} as const;

export const emailCodesNotEnough = {
  ru: 'Кодов по e-mail недостаточно для действий администратора. Включите приложение-аутентификатор в разделе Профиль → Безопасность.',
  en: 'E-mailed codes are not enough for administrator actions. Turn on the authenticator app in Profile → Security.',
} as const;

export const crossSiteRefused = {
  ru: 'Запрос с чужого сайта отклонён',
  en: 'Cross-site request refused',
} as const;

export const badLink = {
  ru: 'Ссылка недействительна или устарела',
  en: 'The link is invalid or has expired',
} as const;

export const prohibited: Record<Exclude<AccountStatus, 'active'>, Texts> = {
  pendingConfirmation: { ru: 'E-mail не подтверждён', en: 'The e-mail address is not confirmed yet' },
  pendingApproval: { ru: 'Аккаунт ожидает одобрения', en: 'The account is waiting for approval' },
  banned: {
    ru: 'Аккаунт заблокирован. Обратитесь в поддержку.',
    en: 'The account is banned. Please contact support.',
  },
};

export const wrongCredentials = {
  ru: 'Неверный e-mail или пароль',
  en: 'Wrong e-mail or password',
} as const;

export const stepUpText = {
  ru: 'Подтвердите действие вторым фактором',
  en: 'Confirm this action with your second factor',
} as const;

export const wrongCode = { ru: 'Неверный код', en: 'Wrong code' } as const;
export const codeRequired = { ru: 'Требуется подтверждение', en: 'Confirmation required' } as const;
