import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, needsAdminTwoFactor } from '@tradedeck/sdk/client';
import { type AccountStatus, type AdminUser, api } from '@tradedeck/sdk/contract';
import { MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../shared/app-services.tsx';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { ConfirmDialog } from '../../shared/modals/confirm-dialog.tsx';
import { invalidateOperations, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import type { adminTexts } from './texts.ts';
import { AdminTwoFactorNeeded } from './two-factor-needed.tsx';
import { type Action, actionsFor, canEndSessions } from './user-actions.ts';

type AdminText = Exclude<keyof typeof adminTexts.ru, 'commands'>;

const STATUSES: readonly AccountStatus[] = ['pendingApproval', 'pendingConfirmation', 'active', 'banned'];
const STATUS_TEXT: Record<AccountStatus, AdminText> = {
  pendingConfirmation: 'pendingConfirmation',
  pendingApproval: 'pendingApproval',
  active: 'active',
  banned: 'bannedState',
};
const DONE_TEXT: Record<Action, AdminText> = { approve: 'approved', ban: 'banned', unban: 'unbanned' };
const BUTTON = 'rounded px-2 py-1 text-xs font-semibold text-white disabled:opacity-50';

/**
 * Administration of the instance's users: list by state, approve, ban, unban, end their sessions. The row picked by a click is
 * what the palette commands (admin.approve / admin.ban / admin.unban) act on.
 */
export function AdminUsersPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'admin' });
  const language = useLanguage();
  const services = useServices();
  const { client, toasts, modals } = services;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AccountStatus | ''>('');
  const [pickedId, setPickedId] = useState<string | null>(null);
  // An action refused for want of the authenticator app (turned off in another tab, say) replaces the table too.
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const users = useOperationQuery(api.admin.listUsers, {
    pages: { page: 1, pageSize: 100 },
    ...(status ? { status } : {}),
  });

  const act = useMutation({
    mutationFn: ({ action, user }: { action: Action; user: AdminUser }) => {
      const input = { userId: user.id };
      if (action === 'approve') return client.admin.approveUser(input);
      return action === 'ban' ? client.admin.banUser(input) : client.admin.unbanUser(input);
    },
    onSuccess: (_saved, { action }) => {
      toasts.show({ kind: 'success', text: t(DONE_TEXT[action]) });
      void invalidateOperations(queryClient, api.admin.listUsers);
    },
    onError: (error) => refuse(error),
  });
  const refuse = (error: unknown) => {
    if (needsAdminTwoFactor(error)) setRefusal(error);
    else notifyError(services, error);
  };
  // Signs the user out everywhere without a ban; asked first, as it cuts off whatever they are doing.
  const endSessions = useMutation({
    mutationFn: (user: AdminUser) => client.admin.endUserSessions({ userId: user.id }),
    onSuccess: () => toasts.show({ kind: 'success', text: t('sessionsEnded') }),
    onError: refuse,
  });
  const confirmEndSessions = (user: AdminUser) =>
    void modals
      .open(
        (controls) => (
          <ConfirmDialog
            controls={controls}
            title={t('endSessionsTitle')}
            text={t('endSessionsText', { email: user.email })}
            confirmLabel={t('endSessions')}
          />
        ),
        { width: MODAL_WIDTHS.confirm },
      )
      .then(
        (confirmed) => {
          if (confirmed) endSessions.mutate(user);
        },
        () => {},
      );
  const twoFactorNeeded = needsAdminTwoFactor(users.error) ? users.error : refusal;

  const items = users.data?.items ?? [];
  const picked = items.find((u) => u.id === pickedId) ?? null;

  // The palette acts on the picked user, with the actions that apply to it.
  const applying = picked ? actionsFor(picked) : [];
  const onPicked = (action: Action) =>
    picked && applying.includes(action) ? () => act.mutate({ action, user: picked }) : null;
  useCommandHandlers('admin', 'picked', {
    approve: onPicked('approve'),
    ban: onPicked('ban'),
    unban: onPicked('unban'),
  });

  if (twoFactorNeeded) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">{t('title')}</h1>
        <AdminTwoFactorNeeded message={twoFactorNeeded.message} />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-xl font-semibold">{t('title')}</h1>
        <Link to="/panel/admin/leases" className="text-sm text-sky-800 underline dark:text-sky-300">
          {t('leasesLink')}
        </Link>
        <label className="flex items-center gap-2 text-sm">
          {t('filter')}
          <select
            className="w-56 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
            value={status}
            onChange={(e) => setStatus(e.target.value as AccountStatus | '')}
          >
            <option value="">{t('all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_TEXT[s])}
              </option>
            ))}
          </select>
        </label>
      </div>
      {users.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {String((users.error as Error).message)}
        </p>
      ) : null}
      <table className="w-full border-collapse text-start text-sm">
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            {(['email', 'userName', 'role', 'status', 'created', 'actions'] as const).map((h) => (
              <th key={h} scope="col" className="px-2 py-2 font-semibold">
                {t(h)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.isPending ? (
            <tr>
              <td colSpan={6} className="px-2 py-3">
                {t('loading')}
              </td>
            </tr>
          ) : items.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-2 py-3">
                {t('empty')}
              </td>
            </tr>
          ) : (
            items.map((user) => (
              <tr
                key={user.id}
                data-user={user.email}
                onClick={() => setPickedId(user.id)}
                className={`border-b border-slate-200 dark:border-slate-800 ${user.id === pickedId ? 'bg-sky-100 dark:bg-sky-950' : ''}`}
              >
                <td className="px-2 py-2">{user.email}</td>
                <td className="px-2 py-2">{user.userName}</td>
                <td className="px-2 py-2">{t(user.role)}</td>
                <td className="px-2 py-2">{t(STATUS_TEXT[user.status])}</td>
                <td className="px-2 py-2">{new Date(user.createdAt).toLocaleString(localeOf(language))}</td>
                <td className="whitespace-nowrap px-2 py-2">
                  <div className="flex gap-2">
                    {actionsFor(user).map((action) => (
                      <button
                        key={action}
                        type="button"
                        disabled={act.isPending}
                        className={`${BUTTON} ${action === 'ban' ? 'bg-red-700' : 'bg-sky-800'}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          act.mutate({ action, user });
                        }}
                      >
                        {t(action)}
                      </button>
                    ))}
                    {canEndSessions(user) ? (
                      <button
                        type="button"
                        disabled={endSessions.isPending}
                        className={`${BUTTON} bg-amber-700`}
                        onClick={(e) => {
                          e.stopPropagation();
                          confirmEndSessions(user);
                        }}
                      >
                        {t('endSessions')}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
