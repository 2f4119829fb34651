import { defineTexts } from './define-texts.ts';
/** Texts of the two-factor dialog (sign-in, step-ups and administrator sessions). */
export const twoFactorTexts = defineTexts(
  {
    title: 'Двухфакторная аутентификация',
    totp: 'Код из приложения-аутентификатора',
    email: 'Код из письма',
    recovery: 'Код восстановления',
    useRecovery: 'Использовать код восстановления',
    useCode: 'Ввести код',
    submit: 'Подтвердить',
    cancel: 'Отмена',
    resend: 'Отправить код повторно',
    resendIn: 'Повторная отправка через {{s}} с',
    wrong: 'Неверный код',
    sent: 'Письмо успешно отправлено',
    sendFailed: 'Не удалось отправить код. Пожалуйста, попробуйте позже.',
    purpose: {
      secrets: 'Это действие открывает или заменяет секретные данные: подтвердите его вторым фактором.',
      twoFactorSettings: 'Изменение защиты аккаунта: подтвердите его вторым фактором.',
      admin: 'Действия администратора в этом сеансе: введите код из приложения-аутентификатора.',
      withdrawal:
        'Деньги или предметы уходят с ваших аккаунтов (перевод, обмен с чужим аккаунтом, подтверждение обмена, запуск продавца): подтвердите это вторым фактором.',
      api_management: 'Управление API-ключами и платёжным паролем маркета: подтвердите его вторым фактором.',
    },
    mailed: 'Код отправлен на e-mail аккаунта.',
  },
  {
    title: 'Two-factor authentication',
    totp: 'Code from the authenticator app',
    email: 'Code from the e-mail',
    recovery: 'Recovery code',
    useRecovery: 'Use a recovery code',
    useCode: 'Enter a code',
    submit: 'Confirm',
    cancel: 'Cancel',
    resend: 'Send the code again',
    resendIn: 'Send again in {{s}} s',
    wrong: 'Wrong code',
    sent: 'E-mail sent',
    sendFailed: 'Could not send the code. Please try again later.',
    purpose: {
      secrets: 'This action reveals or replaces secrets: confirm it with your second factor.',
      twoFactorSettings: 'A change to your account protection: confirm it with your second factor.',
      admin: 'Administrator actions in this session: enter the code from your authenticator app.',
      withdrawal:
        'Money or items leave your accounts (a transfer, an offer to someone else, a trade confirmation, starting the seller): confirm it with your second factor.',
      api_management:
        'Managing marketplace API keys and the payment password: confirm it with your second factor.',
    },
    mailed: 'A code was sent to the account e-mail.',
  },
);
