import { useTranslation } from 'react-i18next';

const ru = {
  title: 'Пользователи',
  filter: 'Состояние',
  all: 'Все',
  email: 'E-mail',
  userName: 'Имя пользователя',
  role: 'Роль',
  status: 'Состояние',
  created: 'Зарегистрирован',
  actions: 'Действия',
  approve: 'Одобрить',
  ban: 'Заблокировать',
  unban: 'Разблокировать',
  empty: 'Пользователей нет',
  loading: 'Загрузка...',
  approved: 'Пользователь одобрен',
  banned: 'Пользователь заблокирован',
  unbanned: 'Блокировка снята',
  admin: 'Администратор',
  user: 'Пользователь',
  pendingConfirmation: 'Ожидает подтверждения e-mail',
  pendingApproval: 'Ожидает одобрения',
  active: 'Активен',
  bannedState: 'Заблокирован',
  twoFactorTitle: 'Нужна двухфакторная аутентификация',
  openSecurity: 'Открыть настройки безопасности',
};

const en: typeof ru = {
  title: 'Users',
  filter: 'State',
  all: 'All',
  email: 'E-mail',
  userName: 'User name',
  role: 'Role',
  status: 'State',
  created: 'Registered',
  actions: 'Actions',
  approve: 'Approve',
  ban: 'Ban',
  unban: 'Unban',
  empty: 'No users',
  loading: 'Loading...',
  approved: 'User approved',
  banned: 'User banned',
  unbanned: 'Ban lifted',
  admin: 'Administrator',
  user: 'User',
  pendingConfirmation: 'E-mail not confirmed yet',
  pendingApproval: 'Pending approval',
  active: 'Active',
  bannedState: 'Banned',
  twoFactorTitle: 'Two-factor authentication required',
  openSecurity: 'Open security settings',
};

export type AdminText = keyof typeof ru;

export function useAdminTexts() {
  const { i18n } = useTranslation();
  const table = i18n.language === 'en' ? en : ru;
  return (key: AdminText) => table[key];
}
