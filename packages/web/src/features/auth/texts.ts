import { useTranslation } from 'react-i18next';

const ru = {
  loginTitle: 'Вход',
  email: 'E-mail',
  password: 'Пароль',
  confirmPassword: 'Повторите пароль',
  newPassword: 'Новый пароль',
  userName: 'Имя пользователя',
  signIn: 'Войти',
  register: 'Зарегистрироваться',
  registerTitle: 'Регистрация',
  noAccount: 'Нет аккаунта? Зарегистрируйтесь',
  haveAccount: 'Уже есть аккаунт? Войдите',
  forgot: 'Забыли пароль?',
  sessionExpired: 'Ваша сессия истекла. Пожалуйста, войдите снова.',
  required: 'Это поле обязательно',
  badEmail: 'Некорректный формат e-mail',
  minLength: 'Минимум 8 символов',
  minText: 'Минимум 3 символа',
  upper: 'Пароль должен содержать хотя бы одну заглавную букву',
  symbol: 'Пароль должен содержать хотя бы один символ, не являющийся буквой или цифрой',
  confirmMismatch: 'Подтвердите новый пароль',
  confirmationTitle: 'Подтвердите e-mail',
  confirmationSent: 'Мы отправили ссылку для подтверждения на {email}. Откройте её, чтобы продолжить.',
  resendLink: 'Не пришло письмо? Отправить ещё раз',
  badLink: 'Ссылка недействительна или устарела',
  confirmTitle: 'Подтверждение e-mail',
  confirming: 'Подтверждаем…',
  confirmed: 'E-mail подтверждён. Теперь можно войти.',
  resendTitle: 'Повторная отправка письма',
  send: 'Отправить',
  sent: 'Письмо успешно отправлено',
  forgotTitle: 'Восстановление пароля',
  forgotInfoTitle: 'Проверьте почту',
  forgotInfo: 'Если такой аккаунт есть, мы отправили на него ссылку для сброса пароля. Она действует 1 час.',
  resetTitle: 'Новый пароль',
  save: 'Сохранить',
  resetDone: 'Пароль изменён. Войдите с новым паролем.',
  bannedTitle: 'Аккаунт заблокирован',
  banned: 'Ваш аккаунт заблокирован. Обратитесь в поддержку.',
  pendingTitle: 'Ожидает одобрения',
  pending: 'Ваш e-mail подтверждён. Аккаунт ждёт одобрения администратора — попробуйте войти позже.',
  toLogin: 'Ко входу',
};

type Texts = typeof ru;

const en: Texts = {
  loginTitle: 'Sign in',
  email: 'E-mail',
  password: 'Password',
  confirmPassword: 'Repeat the password',
  newPassword: 'New password',
  userName: 'User name',
  signIn: 'Sign in',
  register: 'Sign up',
  registerTitle: 'Sign up',
  noAccount: 'No account? Sign up',
  haveAccount: 'Have an account? Sign in',
  forgot: 'Forgot your password?',
  sessionExpired: 'Your session has expired. Please sign in again.',
  required: 'This field is required',
  badEmail: 'Incorrect e-mail format',
  minLength: 'Minimum 8 characters',
  minText: 'Minimum 3 characters',
  upper: 'The password needs at least one upper-case letter',
  symbol: 'The password needs at least one character that is not a letter or digit',
  confirmMismatch: 'Confirm the new password',
  confirmationTitle: 'Confirm your e-mail',
  confirmationSent: 'We sent a confirmation link to {email}. Open it to continue.',
  resendLink: 'No e-mail? Send it again',
  badLink: 'The link is invalid or has expired',
  confirmTitle: 'E-mail confirmation',
  confirming: 'Confirming…',
  confirmed: 'Your e-mail is confirmed. You can sign in now.',
  resendTitle: 'Send the e-mail again',
  send: 'Send',
  sent: 'E-mail sent',
  forgotTitle: 'Reset the password',
  forgotInfoTitle: 'Check your mail',
  forgotInfo: 'If that account exists, we sent it a link to reset the password. It is valid for 1 hour.',
  resetTitle: 'New password',
  save: 'Save',
  resetDone: 'The password is changed. Sign in with the new one.',
  bannedTitle: 'Account banned',
  banned: 'Your account is banned. Please contact support.',
  pendingTitle: 'Waiting for approval',
  pending:
    'Your e-mail is confirmed. The account is waiting for an administrator to approve it; try signing in later.',
  toLogin: 'To sign in',
};

export type AuthText = keyof Texts;

/** This feature's texts in the current language. */
export function useAuthTexts(): (key: AuthText, params?: Record<string, string>) => string {
  const { i18n } = useTranslation();
  const table = i18n.language === 'en' ? en : ru;
  return (key, params = {}) => table[key].replace(/\{(\w+)\}/g, (all, name: string) => params[name] ?? all);
}

/** Client-side checks with the spec's messages; the server checks the same and more. */
export function passwordErrors(t: ReturnType<typeof useAuthTexts>, value: string): string[] {
  if (!value) return [t('required')];
  const out: string[] = [];
  if ([...value].length < 8) out.push(t('minLength'));
  if (!/\p{Lu}/u.test(value)) out.push(t('upper'));
  if (!/[^\p{L}\p{N}]/u.test(value)) out.push(t('symbol'));
  return out;
}

export function emailErrors(t: ReturnType<typeof useAuthTexts>, value: string): string[] {
  if (!value.trim()) return [t('required')];
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? [] : [t('badEmail')];
}
