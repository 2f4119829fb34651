import { defineTexts } from './define-texts.ts';
/** Texts of the notification area and of amounts in the displayed currency (the notifications' own texts come from the sdk). */
export const notificationsTexts = defineTexts(
  {
    bell: 'Уведомления',
    bellUnread_one: 'Уведомления: {{count}} непрочитанное',
    bellUnread_few: 'Уведомления: {{count}} непрочитанных',
    bellUnread_many: 'Уведомления: {{count}} непрочитанных',
    bellUnread_other: 'Уведомления: {{count}} непрочитанных',
    panel: 'Уведомления',
    empty: 'Уведомлений пока нет',
    loadFailed: 'Не удалось загрузить уведомления',
    markRead: 'Прочитано',
    markReadOf: 'Отметить прочитанным: {{title}}',
    markAllRead: 'Прочитать все',
    open: 'Открыть',
    close: 'Закрыть уведомления',
    unread: 'Не прочитано',
    command: 'Уведомления: открыть или закрыть',
  },
  {
    bell: 'Notifications',
    bellUnread_one: 'Notifications: {{count}} unread',
    bellUnread_other: 'Notifications: {{count}} unread',
    panel: 'Notifications',
    empty: 'No notifications yet',
    loadFailed: 'Failed to load notifications',
    markRead: 'Mark read',
    markReadOf: 'Mark read: {{title}}',
    markAllRead: 'Mark all read',
    open: 'Open',
    close: 'Close notifications',
    unread: 'Unread',
    command: 'Notifications: open or close',
  },
);

export const moneyTexts = defineTexts(
  {
    converted: '≈',
    convertedTitle: '{{original}} по курсу {{rate}} на {{asOf}}',
  },
  {
    converted: '≈',
    convertedTitle: '{{original}} at {{rate}} as of {{asOf}}',
  },
);
