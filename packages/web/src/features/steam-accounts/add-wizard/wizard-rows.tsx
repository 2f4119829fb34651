import {
  type AddAccountReason,
  type AddMode,
  type AddRow,
  addAccountReasonMessages,
  editRow,
  type MafileWarning,
  mafileWarningMessages,
  removeRow,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProxySearchPicker } from '../../../shared/proxy-picker/proxy-search-picker.tsx';
import { useLanguage } from '../../../shared/use-language.ts';
import { LABEL } from '../ui.ts';
import { lacksProxy, type MafileNotes } from './wizard-logic.ts';

const STATUS_TONE: Record<AddRow['status'], string> = {
  pending: 'text-slate-600 dark:text-slate-300',
  success: 'text-emerald-700 dark:text-emerald-300',
  error: 'text-rose-700 dark:text-rose-300',
};

/** The rows to add: login, maFile, password (typed inline when missing), proxy and the row's state. */
export function WizardRows({
  rows,
  details,
  notes,
  mode,
  disabled,
  onRows,
}: {
  rows: AddRow[];
  /** The server's words for a failed row where they say more than its reason. */
  details: ReadonlyMap<string, string>;
  notes: MafileNotes;
  mode: AddMode;
  disabled: boolean;
  onRows(rows: AddRow[]): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  /** The addresses of the stored proxies picked in this wizard, by id (a row keeps only the id). */
  const [picked, setPicked] = useState<ReadonlyMap<number, string>>(new Map());
  const proxyShown = (row: AddRow) =>
    row.proxyData
      ? `${row.proxyData.host}:${row.proxyData.port}`
      : row.proxyId !== null
        ? (picked.get(row.proxyId) ?? `#${row.proxyId}`)
        : null;
  return (
    <section className="space-y-1">
      <div className="flex items-center justify-between">
        <h3 className={LABEL}>{t('steamAccounts.wizard.rows')}</h3>
        {rows.length > 0 && (
          <button type="button" className="btn-ghost text-xs" disabled={disabled} onClick={() => onRows([])}>
            {t('steamAccounts.wizard.clear')}
          </button>
        )}
      </div>
      <div className="max-h-72 overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
        <table className="w-full text-start text-sm" data-testid="wizard-rows">
          <thead className="sticky top-0 bg-slate-50 text-xs text-muted uppercase dark:bg-slate-800">
            <tr>
              <th className="px-2 py-1.5">{t('steamAccounts.wizard.rowLogin')}</th>
              <th className="px-2 py-1.5">{t('steamAccounts.columns.steamId')}</th>
              <th className="px-2 py-1.5">{t('steamAccounts.wizard.rowMafile')}</th>
              <th className="px-2 py-1.5">{t('steamAccounts.wizard.rowPassword')}</th>
              <th className="px-2 py-1.5">{t('steamAccounts.wizard.rowProxy')}</th>
              <th className="px-2 py-1.5">{t('steamAccounts.wizard.rowStatus')}</th>
              <th className="w-8" />
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={7} className="px-2 py-6 text-center text-muted">
                  {t('steamAccounts.wizard.noRows')}
                </td>
              </tr>
            )}
            {rows.map((row) => {
              const noProxy = lacksProxy(row, mode);
              return (
                <tr
                  key={row.key}
                  data-login={row.login}
                  data-status={row.status}
                  data-no-proxy={noProxy || undefined}
                  className="border-t border-slate-100 dark:border-slate-800"
                >
                  <td className="px-2 py-1 font-medium">{row.login || '—'}</td>
                  <td className="px-2 py-1 text-xs text-muted" data-testid="row-steamid">
                    {row.steamId ? <span className="font-mono">{row.steamId}</span> : '—'}
                  </td>
                  {/* Files from a zip carry their path; the file's own name is the part worth seeing. */}
                  <td
                    className="max-w-40 truncate px-2 py-1 text-xs text-muted"
                    title={row.mafileName ?? ''}
                    data-testid="row-mafile"
                  >
                    <MafileNote warnings={(row.mafile && notes.get(row.mafile)) || []} language={language} />
                    {row.mafileName?.split('/').at(-1) ?? '—'}
                  </td>
                  <td className="px-2 py-1">
                    <PasswordCell
                      row={row}
                      disabled={disabled}
                      language={language}
                      onPassword={(password) => onRows(editRow(rows, row.key, { password }))}
                    />
                  </td>
                  <td className="px-2 py-1 text-xs" data-testid="row-proxy">
                    {mode === 'distribute' ? (
                      t('steamAccounts.wizard.fromTag')
                    ) : row.status === 'success' || disabled ? (
                      (proxyShown(row) ?? '—')
                    ) : (
                      <ProxySearchPicker
                        label={`${t('steamAccounts.wizard.rowProxy')} ${row.login}`}
                        value={proxyShown(row)}
                        invalid={noProxy}
                        onPick={(proxy) => {
                          setPicked((current) => new Map(current).set(proxy.id, proxy.label));
                          onRows(editRow(rows, row.key, { proxyId: proxy.id, proxyData: null }));
                        }}
                      />
                    )}
                  </td>
                  <td
                    className={`px-2 py-1 text-xs ${noProxy ? STATUS_TONE.error : STATUS_TONE[row.status]}`}
                    data-testid="row-status"
                  >
                    {row.status === 'success'
                      ? t('steamAccounts.wizard.added')
                      : row.reason
                        ? (details.get(row.key) ?? addAccountReasonMessages[language][row.reason])
                        : noProxy
                          ? addAccountReasonMessages[language].noProxy
                          : t('steamAccounts.wizard.ready')}
                  </td>
                  <td className="px-1">
                    {row.status !== 'success' && (
                      <button
                        type="button"
                        disabled={disabled}
                        aria-label={`${t('steamAccounts.wizard.removeRow')} ${row.login}`}
                        onClick={() => onRows(removeRow(rows, row.key))}
                        className="rounded px-1 text-muted hover:text-rose-600"
                      >
                        ✕
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Password reasons shown under the row's password field (the field is offered again to fix it). */
const PASSWORD_REASONS: ReadonlySet<AddAccountReason> = new Set(['passwordNotSet', 'invalidPassword']);

/**
 * A row's password: hidden once typed; a field while it is missing or Steam refused it, with the reason under the
 * field. Enter or leaving the field keeps what was typed.
 */
function PasswordCell({
  row,
  disabled,
  language,
  onPassword,
}: {
  row: AddRow;
  disabled: boolean;
  language: Language;
  onPassword(password: string): void;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const problem =
    row.status === 'error' && row.reason && PASSWORD_REASONS.has(row.reason)
      ? addAccountReasonMessages[language][row.reason]
      : null;
  if (row.password && !problem) return <span title={t('steamAccounts.view.yes')}>••••••</span>;
  const keep = (value: string) => {
    if (value && value !== row.password) onPassword(value);
  };
  return (
    <div>
      <input
        type="password"
        autoComplete="off"
        disabled={disabled || row.status === 'success'}
        placeholder={t('steamAccounts.wizard.passwordPlaceholder')}
        aria-label={`${t('steamAccounts.wizard.rowPassword')} ${row.login}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        className="input w-32 py-0.5"
        onKeyDown={(event) => {
          if (event.key === 'Enter') keep(event.currentTarget.value);
        }}
        onBlur={(event) => keep(event.currentTarget.value)}
      />
      {problem && (
        <p id={errorId} role="alert" className="mt-0.5 text-xs text-rose-700 dark:text-rose-300">
          {problem}
        </p>
      )}
    </div>
  );
}

/** What the reader noticed in the file (old session, no identity_secret...): a mark with the notes as tooltip. */
function MafileNote({ warnings, language }: { warnings: readonly MafileWarning[]; language: Language }) {
  if (warnings.length === 0) return null;
  const text = warnings.map((warning) => mafileWarningMessages[language][warning]).join('\n');
  return (
    <span
      role="img"
      title={text}
      aria-label={text}
      data-testid="row-notes"
      className="me-1 inline-block rounded bg-amber-100 px-1 font-semibold text-amber-800 dark:bg-amber-900/50 dark:text-amber-200"
    >
      !
    </span>
  );
}
