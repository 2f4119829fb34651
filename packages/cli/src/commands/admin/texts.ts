import { defineTexts } from '../../texts/registry.ts';

/** Texts of `tradedeck admin …`. */
export const adminTexts = defineTexts('admin', {
  en: {
    adminDescription: 'moderation for administrators: users, approvals, bans, the mail outbox, the leases',
    adminUsersDescription: 'list users (newest first)',
    adminStatusOption: 'only users in this state: pendingConfirmation, pendingApproval, active, banned',
    adminSearchOption: 'only users whose e-mail or name contains this text',
    adminPageOption: 'page number (50 per page)',
    adminApproveDescription: 'approve a user (id or e-mail)',
    adminBanDescription: 'ban a user (id or e-mail); their sessions end at once',
    adminReasonOption: 'reason, shown to administrators',
    adminUnbanDescription: 'lift a ban (id or e-mail)',
    adminEndSessionsDescription:
      'end every session of a user (id or e-mail) and close their connections; not a ban, they can sign in again',
    adminSessionsEnded: '{who}: sessions ended: {ended}',
    adminOutboxDescription: 'mail kept in the database when no SMTP server is configured',
    adminLimitOption: 'how many mails to show (newest first)',
    adminUserNotFound: 'No user with e-mail {email}',
    adminDone: '{email}: {status}',
    adminTotal: '{shown} of {total} users',
    adminTwoFactorHint: 'Turn on the authenticator app in the web app: {url}',
    outboxEmpty: 'The outbox is empty (mail goes out over SMTP, or none was sent yet)',
    adminLeasesDescription:
      'who runs what: running jobs, pending trade intents, harvester runners, repricing applies, Steam session renewal turns, with their server process (host:pid) and expiry',
    leasesNone: 'No leases are held: no server process is running a job or a trade call now',
  },
  ru: {
    adminDescription:
      'модерация для администраторов: пользователи, одобрение, блокировки, исходящая почта, аренды',
    adminUsersDescription: 'список пользователей (сначала новые)',
    adminStatusOption: 'только в этом состоянии: pendingConfirmation, pendingApproval, active, banned',
    adminSearchOption: 'только те, чей e-mail или имя содержит этот текст',
    adminPageOption: 'номер страницы (по 50)',
    adminApproveDescription: 'одобрить пользователя (id или e-mail)',
    adminBanDescription: 'заблокировать пользователя (id или e-mail); его сеансы завершатся сразу',
    adminReasonOption: 'причина, видна администраторам',
    adminUnbanDescription: 'снять блокировку (id или e-mail)',
    adminEndSessionsDescription:
      'завершить все сеансы пользователя (id или e-mail) и закрыть его соединения; это не блокировка, он может войти снова',
    adminSessionsEnded: '{who}: завершено сеансов: {ended}',
    adminOutboxDescription: 'письма, сохранённые в базе, когда SMTP-сервер не настроен',
    adminLimitOption: 'сколько писем показать (сначала новые)',
    adminUserNotFound: 'Нет пользователя с e-mail {email}',
    adminDone: '{email}: {status}',
    adminTotal: '{shown} из {total} пользователей',
    adminTwoFactorHint: 'Включите приложение-аутентификатор в веб-приложении: {url}',
    outboxEmpty: 'Исходящих писем нет (почта уходит через SMTP или ещё не отправлялась)',
    adminLeasesDescription:
      'кто что выполняет: идущие задания, неотвеченные торговые намерения, раннеры сборщика, применения цен, очереди обновления сеансов Steam, с процессом сервера (хост:pid) и сроком аренды',
    leasesNone: 'Аренд нет: ни один процесс сервера сейчас не выполняет задание или торговый вызов',
  },
});
