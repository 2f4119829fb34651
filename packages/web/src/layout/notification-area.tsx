import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useServices } from '../shared/app-services.tsx';
import { useNotificationFeed } from '../shared/notifications/use-notification-feed.ts';
import { Icon } from './icons.tsx';
import { ICON_BUTTON } from './theme-menu.tsx';

const loadPanel = () => import('./notification-panel.tsx');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));
/** Starts the panel's download when the user reaches for the bell, so it opens at once. */
const preloadPanel = () => void loadPanel().catch(() => {});

/**
 * The bell in the top bar with the unread count, and the notification panel it opens at the bottom right:
 * newest first, mark one or all read, live from notifications-hub. Escape closes it and gives focus back to the
 * bell; the palette command `notifications.toggle` opens it from anywhere.
 */
export function NotificationArea() {
  const { t } = useTranslation();
  const { commands } = useServices();
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const feed = useNotificationFeed(open);

  useEffect(() => commands.register('notifications.toggle', () => setOpen((value) => !value)), [commands]);

  const close = () => {
    setOpen(false);
    bell.current?.focus();
  };

  return (
    <>
      <button
        ref={bell}
        type="button"
        className={`${ICON_BUTTON} relative`}
        aria-label={
          feed.unread > 0 ? t('notifications.bellUnread', { count: feed.unread }) : t('notifications.bell')
        }
        aria-expanded={open}
        aria-controls="notification-panel"
        data-testid="notification-bell"
        onClick={() => setOpen((value) => !value)}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
      >
        <Icon name="bell" className="h-5 w-5" />
        {feed.unread > 0 && (
          <span
            data-testid="notification-unread"
            className="absolute -end-0.5 -top-0.5 min-w-4 rounded-full bg-rose-600 px-1 text-center text-[10px] font-bold leading-4 text-white"
          >
            {feed.unread > 99 ? '99+' : feed.unread}
          </span>
        )}
      </button>
      {/* In the body: the top bar's backdrop blur would make it the panel's frame instead of the window. */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <NotificationPanel feed={feed} onClose={close} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
