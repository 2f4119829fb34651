import type { Language } from '@tradedeck/sdk/i18n';

export interface MailContent {
  subject: string;
  text: string;
}

type Template<P> = Record<Language, (params: P) => MailContent>;

const sign = { ru: '\n\n— Tradedeck', en: '\n\n— Tradedeck' };

export const mailTemplates = {
  confirmEmail: {
    ru: ({ userName, link }) => ({
      subject: 'Подтвердите e-mail для Tradedeck',
      text: `Здравствуйте, ${userName}!\n\nЧтобы подтвердить адрес, откройте ссылку (действует 24 часа):\n${link}${sign.ru}`,
    }),
    en: ({ userName, link }) => ({
      subject: 'Confirm your e-mail for Tradedeck',
      text: `Hello ${userName},\n\nOpen this link to confirm your address (valid for 24 hours):\n${link}${sign.en}`,
    }),
  } as Template<{ userName: string; link: string }>,
  alreadyRegistered: {
    ru: ({ link }) => ({
      subject: 'Попытка регистрации в Tradedeck',
      text: `Кто-то пытался зарегистрироваться с этим адресом, но аккаунт уже есть. Если это были вы, войдите или восстановите пароль:\n${link}${sign.ru}`,
    }),
    en: ({ link }) => ({
      subject: 'Sign-up attempt at Tradedeck',
      text: `Someone tried to sign up with this address, but it already has an account. If it was you, sign in or reset your password:\n${link}${sign.en}`,
    }),
  } as Template<{ link: string }>,
  resetPassword: {
    ru: ({ link }) => ({
      subject: 'Сброс пароля Tradedeck',
      text: `Чтобы задать новый пароль, откройте ссылку (действует 1 час):\n${link}\n\nЕсли вы не запрашивали сброс, ничего не делайте.${sign.ru}`,
    }),
    en: ({ link }) => ({
      subject: 'Reset your Tradedeck password',
      text: `Open this link to set a new password (valid for 1 hour):\n${link}\n\nIf you did not ask for this, do nothing.${sign.en}`,
    }),
  } as Template<{ link: string }>,
  changeEmail: {
    ru: ({ link }) => ({
      subject: 'Подтвердите новый e-mail для Tradedeck',
      text: `Чтобы сделать этот адрес адресом вашего аккаунта, откройте ссылку (действует 24 часа):\n${link}${sign.ru}`,
    }),
    en: ({ link }) => ({
      subject: 'Confirm your new Tradedeck e-mail',
      text: `Open this link to make this address your account's address (valid for 24 hours):\n${link}${sign.en}`,
    }),
  } as Template<{ link: string }>,
  twoFactorCode: {
    ru: ({ code }) => ({
      subject: `Код подтверждения Tradedeck: ${code}`,
      text: `Ваш код: ${code}\n\nОн действует 10 минут. Никому его не сообщайте.${sign.ru}`,
    }),
    en: ({ code }) => ({
      subject: `Tradedeck verification code: ${code}`,
      text: `Your code: ${code}\n\nIt is valid for 10 minutes. Do not share it.${sign.en}`,
    }),
  } as Template<{ code: string }>,
  securityNotice: {
    ru: ({ what }) => ({
      subject: 'Изменение безопасности аккаунта Tradedeck',
      text: `${what}\n\nЕсли это были не вы, срочно смените пароль и завершите все сеансы.${sign.ru}`,
    }),
    en: ({ what }) => ({
      subject: 'Security change on your Tradedeck account',
      text: `${what}\n\nIf this was not you, change your password and end all sessions now.${sign.en}`,
    }),
  } as Template<{ what: string }>,
};
