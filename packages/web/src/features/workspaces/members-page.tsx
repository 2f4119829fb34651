import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type WorkspaceMember } from '@tradedeck/sdk/contract';
import { MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../shared/app-services.tsx';
import { APPLY_BUTTON } from '../../shared/form-styles.ts';
import { ConfirmDialog } from '../../shared/modals/confirm-dialog.tsx';
import { invalidateOperations, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { ActButton, useActGate } from '../../shared/workspace/act-gate.tsx';
import { useActiveWorkspace } from '../../shared/workspace/use-workspaces.ts';
import { type MemberChoice, MemberFormDialog } from './member-form-dialog.tsx';
import { ScopeTags } from './scope-tags.tsx';

const CELL = 'px-2 py-2';
const SMALL_BUTTON =
  'rounded px-2 py-1 text-xs font-semibold disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The active workspace's members with their roles and access tags, and its open invitations. The owner invites
 * by e-mail, changes a member's role and tags, removes a member; anyone else reads, and a member may leave.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const services = useServices();
  const { client, modals, toasts } = services;
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const locale = localeOf(useLanguage());
  const { active, switchTo } = useActiveWorkspace();
  const members = useOperationQuery(api.workspace.members, {});
  // Members, invitations and the audit log are the owner's, by the same gate as every action of the panel.
  const isOwner = useActGate('members').allowed;
  const isTeam = active?.kind === 'team';

  const refresh = () => invalidateOperations(queryClient, api.workspace.members, api.workspace.listMine);
  const changed = (text: string) => () => {
    toasts.show({ kind: 'success', text });
    void refresh();
  };
  const onError = (error: unknown) => notifyError(services, error);
  const invite = useMutation({
    mutationFn: ({ email, role, scopeTags }: MemberChoice) =>
      client.workspace.invite({ email, role, scopeTags }),
    onSuccess: (sent) => changed(t('workspaces.invited', { email: sent.email }))(),
    onError,
  });
  const setMember = useMutation({
    mutationFn: ({ userId, choice }: { userId: string; choice: MemberChoice }) =>
      client.workspace.setMember({ userId, role: choice.role, scopeTags: choice.scopeTags }),
    onSuccess: changed(t('workspaces.saved')),
    onError,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => client.workspace.removeMember({ userId }),
    onSuccess: changed(t('workspaces.removed')),
    onError,
  });
  const leave = useMutation({
    mutationFn: (workspaceId: string) => client.workspace.leave({ workspaceId }),
    onSuccess: () => {
      toasts.show({ kind: 'success', text: t('workspaces.left') });
      switchTo(null);
      void refresh();
    },
    onError,
  });

  const askMember = (props: Omit<Parameters<typeof MemberFormDialog>[0], 'controls'>) =>
    modals
      .open((controls) => <MemberFormDialog controls={controls} {...props} />, {
        width: MODAL_WIDTHS.batchTags,
      })
      .then(
        (choice) => (choice ? (choice as MemberChoice) : null),
        () => null,
      );
  const confirm = (title: string, text: string, label: string) =>
    modals
      .open(
        (controls) => <ConfirmDialog controls={controls} title={title} text={text} confirmLabel={label} />,
        { width: MODAL_WIDTHS.confirm },
      )
      .then(Boolean, () => false);

  const openInvite = () =>
    void askMember({
      title: t('workspaces.inviteTitle'),
      submitLabel: t('workspaces.invite'),
      askEmail: true,
      initial: { email: '', role: 'operator', scopeTags: null },
    }).then((choice) => choice && invite.mutate(choice));
  const openEdit = (member: WorkspaceMember) =>
    void askMember({
      title: t('workspaces.editTitle', { name: member.userName }),
      submitLabel: t('workspaces.save'),
      askEmail: false,
      initial: {
        email: member.email,
        role: member.role === 'viewer' ? 'viewer' : 'operator',
        scopeTags: member.scopeTags,
      },
    }).then((choice) => choice && setMember.mutate({ userId: member.userId, choice }));
  const openRemove = (member: WorkspaceMember) =>
    void confirm(
      t('workspaces.removeTitle'),
      t('workspaces.removeText', {
        name: member.userName,
        email: member.email,
        workspace: active?.name ?? '',
      }),
      t('workspaces.remove'),
    ).then((yes) => yes && remove.mutate(member.userId));
  const openLeave = () =>
    active &&
    void confirm(
      t('workspaces.leaveTitle'),
      t('workspaces.leaveText', { workspace: active.name }),
      t('workspaces.leave'),
    ).then((yes) => yes && leave.mutate(active.id));

  const memberActions = [
    { key: 'edit', tone: 'bg-sky-800', busy: setMember.isPending, open: openEdit },
    { key: 'remove', tone: 'bg-red-700', busy: remove.isPending, open: openRemove },
  ] as const;
  const items = members.data?.items ?? [];
  const invites = members.data?.invites ?? [];
  const title = active?.kind === 'personal' ? t('workspaces.personal') : (active?.name ?? '');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">{t('workspaces.membersTitle', { name: title })}</h1>
        <div className="flex gap-2">
          {isTeam && isOwner && (
            <Link to="/panel/workspace/audit" className="btn-ghost">
              {t('workspaces.audit')}
            </Link>
          )}
          {isTeam && !isOwner && (
            <button type="button" className="btn-ghost" onClick={openLeave} disabled={leave.isPending}>
              {t('workspaces.leave')}
            </button>
          )}
          {isTeam && (
            <ActButton
              needs="members"
              className={APPLY_BUTTON}
              onClick={openInvite}
              disabled={invite.isPending}
            >
              {t('workspaces.invite')}
            </ActButton>
          )}
        </div>
      </div>
      {!isTeam && active && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
          <p className="flex-1">{t('workspaces.personalHint')}</p>
          <button
            type="button"
            className={APPLY_BUTTON}
            onClick={() => services.commands.run('workspaces.create')}
          >
            {t('workspaces.create')}
          </button>
        </div>
      )}
      {isTeam && !isOwner && <p className="text-sm text-muted">{t('workspaces.ownerOnly')}</p>}
      {members.isError && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {describe(members.error)}
        </p>
      )}
      <table className="w-full border-collapse text-start text-sm" data-testid="members">
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            {(['member', 'email', 'role', 'scope', 'addedAt', 'actions'] as const).map((h) => (
              <th key={h} scope="col" className={`${CELL} font-semibold`}>
                {t(`workspaces.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.isPending ? (
            <tr>
              <td colSpan={6} className={CELL}>
                {t('workspaces.loading')}
              </td>
            </tr>
          ) : (
            items.map((member) => (
              <tr
                key={member.userId}
                data-member={member.email}
                className="border-b border-slate-200 dark:border-slate-800"
              >
                <td className={CELL}>{member.userName}</td>
                <td className={CELL}>{member.email}</td>
                <td className={CELL}>{t(`workspaces.roles.${member.role}`)}</td>
                <td className={CELL}>
                  <ScopeTags tags={member.scopeTags} />
                </td>
                <td className={CELL}>{new Date(member.addedAt).toLocaleString(locale)}</td>
                <td className={`${CELL} whitespace-nowrap`}>
                  {member.role !== 'owner' && (
                    <div className="flex gap-2">
                      {memberActions.map(({ key, tone, busy, open }) => (
                        <ActButton
                          key={key}
                          needs="members"
                          className={`${SMALL_BUTTON} ${tone} text-white`}
                          disabled={busy}
                          onClick={() => open(member)}
                        >
                          {t(`workspaces.${key}`)}
                        </ActButton>
                      ))}
                    </div>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {isTeam && (
        <section className="space-y-2">
          <h2 className="text-base font-semibold">{t('workspaces.invites')}</h2>
          {invites.length === 0 ? (
            <p className="text-sm text-muted">{t('workspaces.noInvites')}</p>
          ) : (
            <table className="w-full border-collapse text-start text-sm" data-testid="invites">
              <thead>
                <tr className="border-b border-slate-300 dark:border-slate-700">
                  {(['email', 'role', 'scope', 'expiresAt'] as const).map((h) => (
                    <th key={h} scope="col" className={`${CELL} font-semibold`}>
                      {t(`workspaces.${h}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {invites.map((invite) => (
                  <tr
                    key={invite.id}
                    data-invite={invite.email}
                    className="border-b border-slate-200 dark:border-slate-800"
                  >
                    <td className={CELL}>{invite.email}</td>
                    <td className={CELL}>{t(`workspaces.roles.${invite.role}`)}</td>
                    <td className={CELL}>
                      <ScopeTags tags={invite.scopeTags} />
                    </td>
                    <td className={CELL}>{new Date(invite.expiresAt).toLocaleString(locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
