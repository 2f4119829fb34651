import { useMutation } from '@tanstack/react-query';
import { api, type SellerAccountRow } from '@tradedeck/sdk/contract';
import type { Currency } from '@tradedeck/sdk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { CurrencyField, ModulesField, PRIMARY_BUTTON, TextField } from './form-fields.tsx';
import { checkAddForm, emptySellerForm, proxyIdOf, type SellerField, type SellerForm } from './form-rules.ts';
import { ProxyField, SteamAccountField } from './pick-fields.tsx';

/**
 * Connects one of the user's Steam accounts to the market (modal 600): the Steam account, the TM API key, the
 * payment password, proxy, modules and currency. A field's error shows once the field was left or Add was
 * pressed; the server checks the key with the market and its refusal is shown above the buttons.
 */
export function AddSellerDialog({
  controls,
  defaultCurrency,
  onAdded,
}: {
  controls: ModalControls;
  defaultCurrency: Currency;
  onAdded(row: SellerAccountRow): void;
}) {
  const { t } = useTranslation();
  const { client, toasts } = useServices();
  const describe = useDescribeError();
  // In sandbox mode the key is the sandbox market's, not one from market.csgo.com.
  const sandbox =
    useOperationQuery(api.system.status, undefined, { staleTime: 60_000 }).data?.mode === 'sandbox';
  const [form, setForm] = useState<SellerForm>(() => emptySellerForm(defaultCurrency));
  const [touched, setTouched] = useState<ReadonlySet<SellerField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = checkAddForm(form);
  const shown = (field: SellerField) => (submitted || touched.has(field) ? errors[field] : null);
  const touch = (field: SellerField) => setTouched((current) => new Set(current).add(field));
  const patch = (changes: Partial<SellerForm>) => setForm((current) => ({ ...current, ...changes }));

  const create = useMutation({
    mutationFn: () =>
      client.p2p.create({
        steamAccountId: form.steamAccountId!,
        apiKey: form.apiKey.trim(),
        paymentPassword: form.paymentPassword,
        ...proxyIdOf(form.proxy),
        modules: form.modules,
        tmCurrency: form.currency,
      }),
    onSuccess: (row) => {
      toasts.show({ kind: 'success', text: t('p2pAccounts.form.added', { login: row.login }) });
      onAdded(row);
      controls.close(row);
    },
  });

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length === 0) create.mutate();
  };

  return (
    <ModalFrame
      title={t('p2pAccounts.actions.add')}
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button type="submit" form="add-seller-form" className={PRIMARY_BUTTON} disabled={create.isPending}>
            {create.isPending ? t('p2pAccounts.form.adding') : t('p2pAccounts.form.add')}
          </button>
        </>
      }
    >
      <form
        id="add-seller-form"
        className="space-y-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SteamAccountField
          value={form.steamAccountId}
          onChange={(steamAccountId) => {
            patch({ steamAccountId });
            touch('steamAccountId');
          }}
          error={shown('steamAccountId')}
        />
        <TextField
          label={t('p2pAccounts.form.apiKey')}
          hint={t(sandbox ? 'p2pAccounts.form.apiKeyHintSandbox' : 'p2pAccounts.form.apiKeyHint')}
          value={form.apiKey}
          onChange={(apiKey) => patch({ apiKey })}
          onBlur={() => touch('apiKey')}
          error={shown('apiKey')}
        />
        <TextField
          label={t('p2pAccounts.form.paymentPassword')}
          type="password"
          value={form.paymentPassword}
          onChange={(paymentPassword) => patch({ paymentPassword })}
          onBlur={() => touch('paymentPassword')}
          error={shown('paymentPassword')}
        />
        <div className="grid grid-cols-2 gap-3">
          <ProxyField value={form.proxy} onChange={(proxy) => patch({ proxy })} />
          <CurrencyField value={form.currency} onChange={(currency) => patch({ currency })} />
        </div>
        <ModulesField
          value={form.modules}
          onChange={(modules) => patch({ modules })}
          error={shown('modules')}
        />
        {submitted && Object.keys(errors).length > 0 && (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300" data-testid="form-alert">
            {t('p2pAccounts.form.checkFields')}
          </p>
        )}
        {create.isError && (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300" data-testid="server-error">
            {describe(create.error)}
          </p>
        )}
      </form>
    </ModalFrame>
  );
}
