import { useMutation } from '@tanstack/react-query';
import { api, type TmAccount, type TransferRow } from '@tradedeck/sdk/contract';
import {
  formatMoney,
  isTransferFormValid,
  transferCurrencyMessages,
  transferFailureMessages,
  transferFieldMessages,
  transferOutcomeMessages,
  validateAmount,
  validateTransferForm,
} from '@tradedeck/sdk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { useHubSubscription } from '../../shared/hubs/use-hub-subscription.ts';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { invalidateOperations, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { useIdempotencyKey } from '../../shared/use-idempotency-key.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { TransferHistory } from './transfer-history.tsx';
import { useCurrencyGate } from './use-currency-gate.ts';

const INPUT = 'mt-1 w-full rounded-md border border-line bg-surface px-2 py-1.5 text-sm';
const LABEL = 'block text-xs font-semibold tracking-wide text-muted uppercase';
const BUTTON =
  'rounded-md bg-primary-strong px-3 py-1.5 text-sm font-semibold text-white hover:bg-primary-deep disabled:cursor-not-allowed disabled:opacity-50';
const ERROR = 'mt-1 text-xs text-rose-700 dark:text-rose-300';

type Field = 'from' | 'to' | 'apiKey' | 'amount' | 'paymentPassword';

/**
 * The balance transfer dialog (spec §8 "Balance transfer"): sender and receiver from the user's TM accounts with
 * their balances, the receiver's key (or the saved one), the amount and the payment password (or the saved one),
 * the spec's field rules, the member check, the 5 s gate when the currencies differ, the second factor (the
 * app-wide dialog opens on the server's answer) and the outcome: sent, not sent, or unknown while checking.
 */
export function TransferDialog({ controls }: { controls: ModalControls }) {
  const lang = useLanguage();
  const { t: text } = useTranslation('translation', { keyPrefix: 'transfer' });
  const { client, queryClient } = useServices();
  const describe = useDescribeError();
  const accounts = useOperationQuery(api.transfer.accounts, {});
  const [fromId, setFromId] = useState<number | null>(null);
  const [toId, setToId] = useState<number | null>(null);
  const [apiKey, setApiKey] = useState('');
  const [useSavedKey, setUseSavedKey] = useState(true);
  const [amountText, setAmountText] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [useSavedPassword, setUseSavedPassword] = useState(true);
  const [rememberKey, setRememberKey] = useState(false);
  const [rememberPassword, setRememberPassword] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [result, setResult] = useState<TransferRow | null>(null);
  const idempotency = useIdempotencyKey();
  /** The user ticked "I checked on TM: it did not go" for this unknown transfer (never preset). */
  const [checkedNotSent, setCheckedNotSent] = useState<number | null>(null);

  const items = accounts.data?.items ?? [];
  const from = items.find((a) => a.id === fromId) ?? null;
  const to = items.find((a) => a.id === toId) ?? null;
  const savedKey = Boolean(to?.savedKeyMasked) && useSavedKey;
  const savedPassword = Boolean(from?.hasSavedPaymentPassword) && useSavedPassword;
  const errors = validateTransferForm({
    fromId,
    toId,
    apiKey,
    useSavedKey: savedKey,
    amountText,
    balance: from?.balance ?? null,
    currency: from?.currency ?? null,
    paymentPassword,
    useSavedPassword: savedPassword,
  });
  const valid = isTransferFormValid(errors);
  const crossCurrency = Boolean(from && to && from.currency !== to.currency);
  const gate = useCurrencyGate(crossCurrency);
  const shown = (field: Field) => {
    const error = submitted || touched.has(field) ? errors[field] : undefined;
    return error ? transferFieldMessages[lang][error] : null;
  };
  const touch = (field: Field) => setTouched((current) => new Set(current).add(field));

  const refresh = () => void invalidateOperations(queryClient, api.transfer.accounts, api.transfer.history);
  // Balances move live: the seller loop, this transfer and transfers from elsewhere all announce them.
  useHubSubscription('sellerAccountUpdated', refresh, { onReset: refresh, onLive: refresh });
  useHubSubscription('transferUpdated', ({ payload }) => {
    if (result && payload.id === result.id) setResult(payload);
    refresh();
  });

  const member = useMutation({
    mutationFn: () =>
      client.transfer.memberCheck({
        toId: toId!,
        ...(fromId !== null ? { fromId } : {}),
        ...(savedKey ? {} : { apiKey: apiKey.trim() }),
      }),
  });
  const send = useMutation({
    mutationFn: async () => {
      const amount = validateAmount(amountText, from!.currency, from!.balance);
      if ('error' in amount) throw new Error(transferFieldMessages[lang][amount.error]);
      return client.transfer.send(
        {
          fromId: fromId!,
          toId: toId!,
          amount: amount.amount,
          ...(savedKey ? {} : { apiKey: apiKey.trim() }),
          rememberKey,
          ...(savedPassword ? {} : { paymentPassword }),
          rememberPassword,
          acceptConversion: crossCurrency,
          ...(checkedNotSent !== null ? { checkedNotSent } : {}),
        },
        { idempotencyKey: idempotency.key },
      );
    },
    onSuccess: (row) => {
      setResult(row);
      // Nothing moved: the next send from this dialog is a new action with its own key.
      if (row.outcome === 'notSent') idempotency.renew();
      // The form clears after a send: a second click never sends the same money again.
      setAmountText('');
      setPaymentPassword('');
      setApiKey('');
      setCheckedNotSent(null);
      setSubmitted(false);
      setTouched(new Set());
      refresh();
    },
  });
  const check = useMutation({
    mutationFn: () => client.transfer.check({ id: result!.id }),
    onSuccess: setResult,
  });

  const submit = () => {
    setSubmitted(true);
    if (valid && gate.open) send.mutate();
  };

  const accountLabel = (account: TmAccount) =>
    `${account.login} — ${account.balance ? formatMoney(account.balance, lang) : account.currency}`;

  const copyTexts = {
    copy: text('copy'),
    copied: text('copied'),
    failed: text('clipboardFailed'),
    manual: text('copyManually'),
  };
  /** The result as a line to paste into a message or a ticket: outcome, amounts and the transfer's custom id. */
  const resultSummary = (row: TransferRow) =>
    [
      `${transferOutcomeMessages[lang][row.outcome]}${row.failure ? `: ${transferFailureMessages[lang][row.failure]}` : ''}`,
      `${formatMoney(row.amount, lang)}${row.received ? ` → ${formatMoney(row.received, lang)}` : ''}`,
      `${row.fromLogin} → ${row.toLogin}`,
      row.customId,
    ].join(' — ');

  return (
    <ModalFrame
      title={text('title')}
      onClose={controls.dismiss}
      footer={
        <>
          <button type="button" className="px-3 py-1.5 text-sm" onClick={controls.dismiss}>
            {text('close')}
          </button>
          <button
            type="submit"
            form="transfer-form"
            className={BUTTON}
            disabled={send.isPending || (crossCurrency && !gate.open) || (submitted && !valid)}
            data-testid="transfer-submit"
          >
            {send.isPending
              ? text('sending')
              : crossCurrency && !gate.open
                ? fill(transferCurrencyMessages[lang].waitSeconds, { s: gate.secondsLeft })
                : crossCurrency
                  ? transferCurrencyMessages[lang].confirm
                  : text('send')}
          </button>
        </>
      }
    >
      <form
        id="transfer-form"
        className="space-y-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {accounts.isError && (
          <p role="alert" className={ERROR}>
            {text('loadFailed')}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3">
          {(['from', 'to'] as const).map((side) => (
            <label key={side} className={LABEL}>
              {text(side)}
              <select
                className={INPUT}
                aria-label={text(side)}
                value={(side === 'from' ? fromId : toId) ?? ''}
                onChange={(event) => {
                  const id = event.target.value === '' ? null : Number(event.target.value);
                  if (side === 'from') setFromId(id);
                  else setToId(id);
                  member.reset();
                  touch(side);
                }}
              >
                <option value="">{text('choose')}</option>
                {items.map((account) => (
                  <option key={account.id} value={account.id}>
                    {accountLabel(account)}
                  </option>
                ))}
              </select>
              {shown(side) && <span className={ERROR}>{shown(side)}</span>}
            </label>
          ))}
        </div>
        {from && (
          <p className="text-sm" data-testid="sender-balance">
            {text('balance')}: {from.balance ? formatMoney(from.balance, lang) : '—'}
          </p>
        )}
        {to?.savedKeyMasked && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={useSavedKey}
                onChange={(e) => setUseSavedKey(e.target.checked)}
              />
              {text('useSaved', { key: to.savedKeyMasked })}
            </label>
            <CopyButton value={to.savedKeyMasked} label={text('copyKey')} texts={copyTexts} />
          </div>
        )}
        {to?.savedKeyMismatch && (
          <p role="alert" className={ERROR}>
            {text('savedKeyInvalid')}
          </p>
        )}
        {!savedKey && (
          <label className={LABEL}>
            {text('apiKey')}
            <input
              className={INPUT}
              aria-label={text('apiKey')}
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(event) => {
                setApiKey(event.target.value);
                member.reset();
              }}
              onBlur={() => touch('apiKey')}
            />
            {shown('apiKey') && <span className={ERROR}>{shown('apiKey')}</span>}
          </label>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={rememberKey} onChange={(e) => setRememberKey(e.target.checked)} />
          {text('rememberKey')}
        </label>
        <label className={LABEL}>
          {text('amount')} {from ? `(${from.currency})` : ''}
          <input
            className={INPUT}
            aria-label={text('amount')}
            inputMode="decimal"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            onBlur={() => touch('amount')}
          />
          {shown('amount') && <span className={ERROR}>{shown('amount')}</span>}
        </label>
        {from?.hasSavedPaymentPassword && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={useSavedPassword}
              onChange={(e) => setUseSavedPassword(e.target.checked)}
            />
            {text('useSavedPassword')}
          </label>
        )}
        {!savedPassword && (
          <label className={LABEL}>
            {text('paymentPassword')}
            <input
              className={INPUT}
              aria-label={text('paymentPassword')}
              type="password"
              autoComplete="off"
              value={paymentPassword}
              onChange={(event) => setPaymentPassword(event.target.value)}
              onBlur={() => touch('paymentPassword')}
            />
            {shown('paymentPassword') && <span className={ERROR}>{shown('paymentPassword')}</span>}
          </label>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={rememberPassword}
            onChange={(e) => setRememberPassword(e.target.checked)}
          />
          {text('rememberPassword')}
        </label>
        {toId !== null && (
          <div className="flex items-center gap-2 text-sm">
            <button
              type="button"
              className="rounded-md border border-line px-2 py-1"
              disabled={member.isPending || (!savedKey && Boolean(errors.apiKey))}
              onClick={() => member.mutate()}
            >
              {text('check')}
            </button>
            {member.data && (
              <span data-testid="member-check" className={member.data.member ? '' : 'text-rose-700'}>
                {member.data.member
                  ? text('member', { currency: member.data.currency ?? '' })
                  : member.data.message}
              </span>
            )}
            {member.isError && <span className={ERROR}>{describe(member.error)}</span>}
          </div>
        )}
        {crossCurrency && (
          <p
            role="status"
            className="rounded-md bg-amber-100 p-2 text-sm text-amber-900"
            data-testid="currency-warning"
          >
            {transferCurrencyMessages[lang].warning}
          </p>
        )}
        {submitted && !valid && (
          <p role="alert" className={ERROR} data-testid="form-alert">
            {text('checkFields')}
          </p>
        )}
        {send.isError && (
          <p role="alert" className={ERROR} data-testid="server-error">
            {describe(send.error)}
          </p>
        )}
        {result && (
          <div
            role="status"
            data-testid="transfer-outcome"
            className="rounded-md border border-line p-2 text-sm"
          >
            <strong>{transferOutcomeMessages[lang][result.outcome]}</strong>
            {result.failure ? `: ${transferFailureMessages[lang][result.failure]}` : ''}
            {' — '}
            {formatMoney(result.amount, lang)}
            {result.received ? ` → ${formatMoney(result.received, lang)}` : ''}
            <span className="ms-2">
              <CopyButton value={resultSummary(result)} label={text('copyResult')} texts={copyTexts} />
            </span>
            {result.outcome === 'unknown' && (
              <button type="button" className="ms-2 underline" onClick={() => check.mutate()}>
                {text('checkAgain')}
              </button>
            )}
            {result.checks.length > 0 && (
              <ul data-testid="transfer-checks" className="mt-1 list-disc ps-5">
                {result.checks.map((c) => (
                  <li key={c.source}>
                    {text(`check_${c.source}`)}: {text(`found_${c.found}`)}
                  </li>
                ))}
              </ul>
            )}
            {result.outcome === 'unknown' && result.fromId === fromId && (
              <label className="mt-1 flex items-center gap-2">
                <input
                  type="checkbox"
                  data-testid="checked-not-sent"
                  checked={checkedNotSent === result.id}
                  onChange={(event) => setCheckedNotSent(event.target.checked ? result.id : null)}
                />
                {text('checkedNotSent')}
              </label>
            )}
          </div>
        )}
      </form>
      <TransferHistory />
    </ModalFrame>
  );
}

/** Fills `{{name}}` placeholders of an sdk message (they are not i18next texts). */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
