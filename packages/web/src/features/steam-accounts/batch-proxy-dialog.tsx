import { api } from '@tradedeck/sdk/contract';
import { PARSE_PROXY_DELAY_MS } from '@tradedeck/sdk/domain';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { LABEL, PRIMARY_BUTTON } from './ui.ts';

interface LineError {
  line: number;
  account: string | null;
  message: string;
}

/**
 * `account:proxy` lines (modal 800): a preview resolved by the server while typing (after a 500 ms pause), then
 * one transaction that sets them; proxies not stored yet are added, an empty proxy removes it. Errors per line.
 */
export function BatchProxyDialog({
  controls,
  initialText,
  onSaved,
}: {
  controls: ModalControls;
  initialText: string;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const { client, toasts } = services;
  const textId = useId();
  const [text, setText] = useState(initialText);
  const [debounced, setDebounced] = useState(initialText);
  const [saving, setSaving] = useState(false);
  const [saveErrors, setSaveErrors] = useState<LineError[]>([]);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), PARSE_PROXY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const preview = useOperationQuery(
    api.steamAccounts.parseAccountsToProxies,
    { lines: debounced },
    { enabled: debounced.trim() !== '', staleTime: 0 },
  );

  const save = async () => {
    setSaving(true);
    setSaveErrors([]);
    try {
      const answer = await client.steamAccounts.batchSetProxiesFromData({ lines: text });
      const count = answer.succeededIds.length;
      const added = answer.addedProxyIds.length;
      if (count > 0)
        toasts.show({
          kind: 'success',
          text:
            added > 0
              ? t('steamAccounts.batchProxy.savedNew', { count, added })
              : t('steamAccounts.batchProxy.saved', { count }),
        });
      onSaved();
      const errors = [
        ...answer.errors,
        ...answer.failed.map((item) => ({ line: 0, account: `#${item.id}`, message: item.message })),
      ];
      if (errors.length === 0) controls.close(true);
      else setSaveErrors(errors);
    } catch (error) {
      notifyError(services, error);
    } finally {
      setSaving(false);
    }
  };

  const data = debounced.trim() === '' ? undefined : preview.data;
  const errors: LineError[] = saveErrors.length > 0 ? saveErrors : (data?.errors ?? []);
  const canSave = text.trim() !== '' && !saving && (data ? data.items.length > 0 : true);

  return (
    <ModalFrame
      title={t('steamAccounts.batchProxy.title')}
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button type="button" className={PRIMARY_BUTTON} disabled={!canSave} onClick={() => void save()}>
            {t('steamAccounts.batchProxy.save')}
          </button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-xs text-muted">{t('steamAccounts.batchProxy.hint')}</p>
        <label htmlFor={textId} className="sr-only">
          {t('steamAccounts.batchProxy.title')}
        </label>
        <textarea
          id={textId}
          data-testid="batch-proxy-lines"
          data-autofocus
          rows={7}
          spellCheck={false}
          autoComplete="off"
          placeholder={t('steamAccounts.batchProxy.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setSaveErrors([]);
          }}
          className="input w-full font-mono text-xs"
        />
        {errors.length > 0 && (
          <section role="alert" data-testid="batch-proxy-errors">
            <h3 className={`${LABEL} text-rose-700 dark:text-rose-300`}>
              {t('steamAccounts.batchProxy.errors')}
            </h3>
            <ul className="mt-1 list-disc ps-5 text-xs text-rose-700 dark:text-rose-300">
              {errors.map((error) => (
                <li key={`${error.line}:${error.account}:${error.message}`}>
                  {error.line > 0 ? `${error.line}: ` : ''}
                  {error.account ? `${error.account} — ` : ''}
                  {error.message}
                </li>
              ))}
            </ul>
          </section>
        )}
        <section>
          <h3 className={LABEL}>
            {t('steamAccounts.batchProxy.preview')}
            {preview.isFetching ? ` · ${t('steamAccounts.batchProxy.parsing')}` : ''}
          </h3>
          <div className="mt-1 max-h-64 overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="w-full text-start text-xs" data-testid="batch-proxy-preview">
              <thead className="sticky top-0 bg-slate-50 text-muted uppercase dark:bg-slate-800">
                <tr>
                  <th className="px-2 py-1">#</th>
                  <th className="px-2 py-1">{t('steamAccounts.batchProxy.account')}</th>
                  <th className="px-2 py-1">{t('steamAccounts.batchProxy.proxy')}</th>
                  <th className="px-2 py-1">{t('steamAccounts.batchProxy.result')}</th>
                </tr>
              </thead>
              <tbody>
                {data?.items.map((item) => (
                  <tr key={item.line} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="px-2 py-1 text-muted">{item.line}</td>
                    <td className="px-2 py-1 font-medium">{item.login}</td>
                    <td className="px-2 py-1 font-mono">
                      {item.proxy ? `${item.proxy.address}:${item.proxy.port}` : '—'}
                    </td>
                    <td className="px-2 py-1">
                      {item.accountId === null ? (
                        <span className="text-rose-700 dark:text-rose-300">
                          {t('steamAccounts.batchProxy.unknownAccount')}
                        </span>
                      ) : item.proxy === null ? (
                        t('steamAccounts.batchProxy.removeProxy')
                      ) : item.proxyId === null ? (
                        <span className="text-amber-700 dark:text-amber-300">
                          {t('steamAccounts.batchProxy.newProxy')}
                        </span>
                      ) : (
                        t('steamAccounts.batchProxy.storedProxy', { id: item.proxyId })
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </ModalFrame>
  );
}
