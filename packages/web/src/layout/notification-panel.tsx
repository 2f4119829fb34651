import { useMutation } from '@tanstack/react-query';
import type { Notification } from '@tradedeck/sdk/contract';
import { notificationText } from '@tradedeck/sdk/i18n';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../shared/app-services.tsx';
import type { useNotificationFeed } from '../shared/notifications/use-notification-feed.ts';
import { localeOf, useLanguage } from '../shared/use-language.ts';

/**
 * The notification panel the bell opens: newest first, mark one or all read. Its own chunk (with the
 * notifications' texts): it loads when the pointer or the focus reaches the bell, or when it opens.
 */
export function NotificationPanel({
  feed,
  onClose,
}: {
  feed: ReturnType<typeof useNotificationFeed>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const panel = useRef<HTMLElement>(null);
  const markRead = useMutation({
    mutationFn: (id: number) => client.notifications.markRead({ id }),
    onSuccess: (answer) => feed.settle(answer.unread),
  });
  const markAllRead = useMutation({
    mutationFn: () => client.notifications.markAllRead({}),
    onSuccess: (answer) => feed.settle(answer.unread),
  });
  useEffect(() => {
    panel.current?.focus();
  }, []);
  const items = feed.list.data?.items ?? [];
  return (
    <section
      ref={panel}
      id="notification-panel"
      role="dialog"
      aria-label={t('notifications.panel')}
      tabIndex={-1}
      data-testid="notification-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      className="fixed end-4 bottom-4 z-[2500] flex max-h-[70vh] w-96 max-w-[calc(100vw-2rem)] flex-col rounded-lg border border-slate-200 bg-white text-slate-800 shadow-2xl outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-700">
        <h2 className="flex-1 text-sm font-semibold">{t('notifications.panel')}</h2>
        <button
          type="button"
          className="btn-ghost text-xs"
          disabled={feed.unread === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          {t('notifications.markAllRead')}
        </button>
        <button
          type="button"
          aria-label={t('notifications.close')}
          className="opacity-60 hover:opacity-100"
          onClick={onClose}
        >
          ✕
        </button>
      </header>
      {feed.list.isError ? (
        <p role="alert" className="p-4 text-sm text-rose-600">
          {t('notifications.loadFailed')}
        </p>
      ) : items.length === 0 ? (
        <p className="p-4 text-sm text-muted">
          {feed.list.isPending ? t('table.loading') : t('notifications.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onRead={() => markRead.mutate(notification.id)}
              onOpen={onClose}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function NotificationItem({
  notification,
  onRead,
  onOpen,
}: {
  notification: Notification;
  onRead(): void;
  onOpen(): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const text = notificationText(notification, language);
  return (
    <li
      data-testid="notification-item"
      data-read={notification.read ? 'true' : 'false'}
      className={`flex gap-2 px-4 py-3 text-sm ${notification.read ? 'opacity-70' : ''}`}
    >
      {!notification.read && (
        <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-primary">
          <span className="sr-only">{t('notifications.unread')}</span>
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium">{text.title}</p>
        <p className="text-muted">{text.body}</p>
        <p className="mt-1 flex items-center gap-3 text-xs text-muted">
          <time dateTime={notification.createdAt}>
            {new Date(notification.createdAt).toLocaleString(localeOf(language))}
          </time>
          {notification.link && (
            <Link
              to={notification.link}
              className="font-semibold text-primary-ink hover:underline"
              onClick={onOpen}
            >
              {t('notifications.open')}
            </Link>
          )}
        </p>
      </div>
      {!notification.read && (
        <button
          type="button"
          className="btn-ghost h-fit shrink-0 text-xs"
          aria-label={t('notifications.markReadOf', { title: text.title })}
          onClick={onRead}
        >
          {t('notifications.markRead')}
        </button>
      )}
    </li>
  );
}
