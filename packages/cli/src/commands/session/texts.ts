import { defineTexts } from '../../texts/registry.ts';

/** Texts of `tradedeck login`, `logout` and `whoami`. */
export const sessionTexts = defineTexts('session', {
  en: {
    loginDescription: 'sign in: asks for e-mail, password and, when enabled, the second factor',
    loginEmail: 'e-mail address (asked when missing)',
    loginPasswordStdin: 'read the password from standard input (for scripts)',
    askEmail: 'E-mail',
    askPassword: 'Password',
    signedIn: 'Signed in as {userName} <{email}> ({role}) on {server}',
    logoutDescription: 'sign out: ends this device session and forgets the saved token',
    signedOut: 'Signed out of {server}',
    whoamiDescription: 'show the signed-in user',
    whoamiLine: '{userName} <{email}>, {role}, {status}; two-factor: {twoFactor}; server {server}',
  },
  ru: {
    loginDescription: 'войти: спросит e-mail, пароль и, если включён, второй фактор',
    loginEmail: 'адрес e-mail (спросит, если не указан)',
    loginPasswordStdin: 'прочитать пароль из стандартного ввода (для скриптов)',
    askEmail: 'E-mail',
    askPassword: 'Пароль',
    signedIn: 'Вы вошли как {userName} <{email}> ({role}) на {server}',
    logoutDescription: 'выйти: завершает этот сеанс и забывает сохранённый токен',
    signedOut: 'Вы вышли из {server}',
    whoamiDescription: 'показать, кто вошёл',
    whoamiLine: '{userName} <{email}>, {role}, {status}; второй фактор: {twoFactor}; сервер {server}',
  },
});
