import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@tradedeck/sdk/client';
import { api, type ProxyRow, ResultCode } from '@tradedeck/sdk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import {
  invalidateOperations,
  operationQuery,
  useOperationQuery,
} from '../../shared/queries/operation-query.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { useStore } from '../../shared/use-store.ts';
import { ActButton } from '../../shared/workspace/act-gate.tsx';
import { type EditInitial, initialDraft, planEdit } from './edit-rules.ts';
import { CountryCell, protocolName, RelativeTime, StatusBadge } from './proxy-cells.tsx';
import { proxyAddress } from './proxy-columns.tsx';
import type { RunningChecks } from './running-checks.ts';
import { TagPicker } from './tag-picker.tsx';

const initialOf = (row: ProxyRow): EditInitial => ({
  name: row.proxyName,
  username: row.credentials?.username ?? null,
  hasPassword: row.credentials?.hasPassword ?? false,
});

/**
 * One proxy: its connection and last check, name and credentials (Save only when they changed), tags, and the
 * Steam accounts that use it. `pending` and `onCheck` come from the screen, which tracks live checks.
 */
export function ProxyViewDialog({
  controls,
  id,
  tracker,
  onCheck,
}: {
  controls: ModalControls;
  id: number;
  tracker: RunningChecks;
  onCheck(id: number): void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const { client } = services;
  const queryClient = useQueryClient();
  const proxyQuery = operationQuery(client, api.proxies.get, { id });
  const proxy = useQuery(proxyQuery);
  const tags = useOperationQuery(api.proxies.listTags);

  const remember = (row: ProxyRow) => {
    queryClient.setQueryData(proxyQuery.queryKey, row);
    void invalidateOperations(queryClient, api.proxies.query);
  };
  const tagChange = useMutation({
    mutationFn: (change: { add: { id: number; name: string } } | { remove: number }) =>
      'add' in change
        ? client.proxies.addOrCreateTag({ id, tag: change.add })
        : client.proxies.removeTag({ id, tagId: change.remove }),
    onSuccess: (list) => {
      const row = queryClient.getQueryData(proxyQuery.queryKey);
      if (row) remember({ ...row, tags: list });
      void invalidateOperations(queryClient, api.proxies.listTags);
    },
    onError: (error) => notifyError(services, error),
  });

  const pending = useStore(tracker.subscribe, () => tracker.state.pending.has(id));
  const row = proxy.data;
  return (
    <ModalFrame title={t('proxies.view.title', { id })} onClose={controls.dismiss}>
      {!row ? (
        <p className="text-muted" role={proxy.isError ? 'alert' : 'status'}>
          {proxy.isError ? String((proxy.error as Error).message) : t('table.loading')}
        </p>
      ) : (
        <div className="space-y-5">
          <Identity row={row} pending={pending} onCheck={() => onCheck(id)} />
          <EditForm key={`${row.proxyName}|${row.credentials?.username}`} row={row} onSaved={remember} />
          <section className="space-y-2">
            <h3 className="text-xs font-semibold text-muted uppercase">{t('proxies.view.tags')}</h3>
            <ul className="flex flex-wrap gap-1.5" data-testid="proxy-tags">
              {row.tags.length === 0 && <li className="text-muted">{t('proxies.view.noTags')}</li>}
              {row.tags.map((tag) => (
                <li
                  key={tag.id}
                  className="flex items-center gap-1 rounded bg-primary/10 py-0.5 pe-1 ps-2 text-primary-ink"
                >
                  {tag.name}
                  <ActButton
                    aria-label={t('proxies.view.removeTag', { name: tag.name })}
                    className="rounded px-1 hover:bg-primary/20 disabled:opacity-40"
                    disabled={tagChange.isPending}
                    onClick={() => tagChange.mutate({ remove: tag.id })}
                  >
                    ✕
                  </ActButton>
                </li>
              ))}
            </ul>
            <TagPicker
              all={tags.data ?? []}
              onItem={row.tags}
              busy={tagChange.isPending}
              onPick={(tag) => tagChange.mutate({ add: tag })}
            />
          </section>
          <section className="space-y-1">
            <h3 className="text-xs font-semibold text-muted uppercase">{t('proxies.view.accounts')}</h3>
            {row.steamAccounts.length === 0 ? (
              <p className="text-muted">{t('proxies.view.noAccounts')}</p>
            ) : (
              <ul className="flex flex-wrap gap-1.5" data-testid="proxy-accounts">
                {row.steamAccounts.map((account) => (
                  <li key={account.id} className="rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
                    {account.login}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </ModalFrame>
  );
}

function Identity({ row, pending, onCheck }: { row: ProxyRow; pending: boolean; onCheck(): void }) {
  const { t } = useTranslation();
  const check = row.lastCheck;
  return (
    <section className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-xs">{protocolName(row.identity.protocol)}</span>
        <span className="font-mono text-base font-semibold">{proxyAddress(row)}</span>
        <StatusBadge status={row.status} pending={pending} />
        {row.metadata.countryCode && <CountryCell code={row.metadata.countryCode} />}
        <ActButton className="btn-ghost ms-auto" disabled={pending} onClick={onCheck}>
          {t('proxies.view.check')}
        </ActButton>
      </div>
      <dl className="grid grid-cols-[11rem_1fr] gap-y-1 text-sm">
        <dt className="text-muted">{t('proxies.view.lastCheck')}</dt>
        <dd data-testid="last-check">
          <RelativeTime iso={check?.checkedAt} />
          {check && (
            <span
              className={
                check.valid ? ' text-emerald-700 dark:text-emerald-400' : ' text-rose-700 dark:text-rose-300'
              }
            >
              {' · '}
              {check.valid
                ? check.latencyMs !== null
                  ? t('proxies.latencyMs', { value: Math.round(check.latencyMs) })
                  : t('proxies.statuses.1')
                : check.errorClass
                  ? t(`proxies.errorClasses.${check.errorClass}`)
                  : t('proxies.statuses.3')}
            </span>
          )}
        </dd>
        {check?.exitIp && (
          <>
            <dt className="text-muted">{t('proxies.view.exitIp')}</dt>
            <dd className="font-mono text-xs">{check.exitIp}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function EditForm({ row, onSaved }: { row: ProxyRow; onSaved(row: ProxyRow): void }) {
  const { t } = useTranslation();
  const services = useServices();
  const { client } = services;
  const ids = { name: useId(), username: useId(), password: useId() };
  const initial = initialOf(row);
  const [draft, setDraft] = useState(() => initialDraft(initial));
  const [fieldErrors, setFieldErrors] = useState<EditFieldErrors>({});
  const plan = planEdit(initial, draft);

  const save = useMutation({
    mutationFn: async () => {
      let saved = row;
      if (plan.name.changed) saved = await client.proxies.updateName({ id: row.id, name: plan.name.value });
      if (plan.credentials.kind === 'set') {
        saved = await client.proxies.updateCredentials({
          id: row.id,
          credentials: plan.credentials.credentials,
        });
      }
      return saved;
    },
    onSuccess: (saved) => {
      services.toasts.show({ kind: 'success', text: t('proxies.view.saved') });
      setDraft(initialDraft(initialOf(saved)));
      setFieldErrors({});
      onSaved(saved);
    },
    onError: (error) => {
      // The server's word on a field goes under that field; other failures are a notification.
      const fields = editFieldErrors(error);
      setFieldErrors(fields);
      if (!fields.name && !fields.username && !fields.password) notifyError(services, error);
    },
  });

  const problem =
    plan.credentials.kind === 'invalid'
      ? t(
          plan.credentials.reason === 'passwordAgain'
            ? 'proxies.view.passwordAgain'
            : 'proxies.view.passwordWithoutLogin',
        )
      : null;
  return (
    <form
      className="grid gap-3 sm:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (plan.canSave && !save.isPending) save.mutate();
      }}
    >
      <Field id={ids.name} label={t('proxies.view.name')} errors={fieldErrors.name}>
        <input
          id={ids.name}
          className="input w-full"
          value={draft.name}
          maxLength={100}
          placeholder={t('proxies.view.namePlaceholder')}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
      </Field>
      <Field id={ids.username} label={t('proxies.view.username')} errors={fieldErrors.username}>
        <input
          id={ids.username}
          className="input w-full"
          value={draft.username}
          autoComplete="off"
          onChange={(event) => setDraft({ ...draft, username: event.target.value })}
        />
      </Field>
      <Field id={ids.password} label={t('proxies.view.password')} errors={fieldErrors.password}>
        <input
          id={ids.password}
          type="password"
          className="input w-full"
          value={draft.password}
          autoComplete="new-password"
          placeholder={initial.hasPassword ? '••••••' : ''}
          onChange={(event) => setDraft({ ...draft, password: event.target.value })}
        />
      </Field>
      <p className="text-xs text-muted sm:col-span-2" role={problem ? 'alert' : undefined}>
        {problem ? (
          <span className="text-rose-700 dark:text-rose-300">{problem}</span>
        ) : initial.hasPassword ? (
          t('proxies.view.passwordKept')
        ) : (
          t('proxies.view.clearHint')
        )}
      </p>
      <div className="flex justify-end">
        <ActButton
          type="submit"
          className="rounded-md bg-primary-strong px-4 py-1.5 text-sm font-semibold text-white hover:bg-primary-deep disabled:opacity-50"
          disabled={!plan.canSave || save.isPending}
        >
          {t('proxies.view.save')}
        </ActButton>
      </div>
    </form>
  );
}

type EditFieldErrors = Partial<Record<'name' | 'username' | 'password', string[]>>;

/** A validation refusal's messages by edit field (`name`, `credentials.username`, `credentials.password`). */
function editFieldErrors(error: unknown): EditFieldErrors {
  if (!(error instanceof ApiError) || error.resultCode !== ResultCode.ValidationError) return {};
  const fields = (error.errorDetails?.fields as Record<string, string[]> | undefined) ?? {};
  const found: EditFieldErrors = {};
  for (const [key, messages] of Object.entries(fields)) {
    const field =
      key === 'name'
        ? 'name'
        : key.endsWith('username')
          ? 'username'
          : key.endsWith('password')
            ? 'password'
            : null;
    if (field) found[field] = [...(found[field] ?? []), ...messages];
  }
  return found;
}

function Field({
  id,
  label,
  errors,
  children,
}: {
  id: string;
  label: string;
  errors?: string[] | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-xs font-semibold text-muted uppercase">
        {label}
      </label>
      {children}
      {errors?.length ? (
        <ul role="alert" data-field-errors={id} className="text-xs text-rose-700 dark:text-rose-300">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
