import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TimeoutError } from '@tradedeck/sdk/client';
import { api, type ProxyAddResult } from '@tradedeck/sdk/contract';
import { PARSE_PROXY_DELAY_MS, type ProxyProtocol } from '@tradedeck/sdk/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { invalidateArea, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { tagNamed } from '../../shared/tags/tag-rules.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { buildAddPreview } from './add-preview.ts';
import { IssueList } from './issue-list.tsx';
import { protocolName } from './proxy-cells.tsx';

const PROTOCOLS: ProxyProtocol[] = [0, 1, 2, 3];

/**
 * A paste of tens of thousands of lines is stored in one transaction that can outlast the client's default 30 s
 * timeout: the dialog waits as long as the server works, so it always ends with the server's answer.
 */
const ADD_TIMEOUT_MS = 15 * 60_000;

/**
 * Add proxies from pasted text or a file: lines without a scheme take the chosen protocol, an optional tag goes
 * on every added proxy. The preview reads the list with the server's parser 500 ms after the last keystroke.
 */
export function AddProxiesDialog({ controls }: { controls: ModalControls }) {
  const { t } = useTranslation();
  const services = useServices();
  const queryClient = useQueryClient();
  const ids = { text: useId(), file: useId(), protocol: useId(), tag: useId(), tags: useId() };
  const [text, setText] = useState('');
  const [protocol, setProtocol] = useState<ProxyProtocol>(0);
  const [tag, setTag] = useState('');
  const [updatePasswords, setUpdatePasswords] = useState(true);
  const [settled, setSettled] = useState({ text: '', protocol: 0 as ProxyProtocol });
  const language = useLanguage();

  useEffect(() => {
    const timer = setTimeout(() => setSettled({ text, protocol }), PARSE_PROXY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, protocol]);
  const waiting = settled.text !== text || settled.protocol !== protocol;
  const preview = useMemo(
    () => buildAddPreview(settled.text, settled.protocol, language),
    [settled, language],
  );

  const tags = useOperationQuery(api.proxies.listTags);
  // The server compares the list with the stored proxies: lines naming a known proxy with another password.
  const known = useOperationQuery(
    api.proxies.parse,
    { proxies: settled.text, defaultProtocol: settled.protocol },
    { enabled: !waiting && preview.ready > 0, staleTime: Number.POSITIVE_INFINITY },
  );
  const passwordChanges = waiting ? 0 : (known.data?.passwordChanges.length ?? 0);

  const save = useMutation({
    mutationFn: () => {
      return services.client.proxies.add(
        {
          proxies: text,
          defaultProtocol: protocol,
          tag: tagNamed(tags.data ?? [], tag),
          updatePasswords: passwordChanges > 0 && updatePasswords,
        },
        { timeoutMs: ADD_TIMEOUT_MS },
      );
    },
    onSuccess: () => void invalidateArea(queryClient, api.proxies),
    onError: (error) => {
      // Past even this wait the server may still be storing the list: say so rather than invite a second paste.
      if (error instanceof TimeoutError) void invalidateArea(queryClient, api.proxies);
      else notifyError(services, error);
    },
  });
  const stillSaving = save.error instanceof TimeoutError;

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const content = await file.text();
      setText((current) => (current.trim() === '' ? content : `${current.replace(/\s+$/, '')}\n${content}`));
    } catch {
      services.toasts.show({ kind: 'error', text: t('proxies.add.fileRead') });
    }
  };

  if (save.data) return <AddResult result={save.data} onClose={() => controls.close(save.data)} />;

  return (
    <ModalFrame
      title={t('proxies.add.title')}
      onClose={controls.dismiss}
      footer={
        <>
          {save.isPending && (
            <span role="status" data-testid="add-saving" className="me-auto self-center text-xs text-muted">
              {t('proxies.add.savingLines', { count: preview.ready })}
            </span>
          )}
          {stillSaving && (
            <span role="alert" data-testid="add-still-saving" className="me-auto self-center text-xs">
              {t('proxies.add.stillSaving')}
            </span>
          )}
          <CancelButton onClick={controls.dismiss} />
          <button
            type="button"
            className="rounded-md bg-primary-strong px-4 py-1.5 text-sm font-semibold text-white hover:bg-primary-deep disabled:opacity-50"
            disabled={
              save.isPending || stillSaving || text.trim() === '' || (!waiting && preview.ready === 0)
            }
            onClick={() => save.mutate()}
          >
            {save.isPending ? t('proxies.add.saving') : t('proxies.add.save')}
          </button>
        </>
      }
    >
      <div className="grid gap-4 md:grid-cols-[1fr_16rem]">
        <div className="space-y-2">
          <label htmlFor={ids.text} className="text-xs font-semibold text-muted uppercase">
            {t('proxies.add.lines')}
          </label>
          <textarea
            id={ids.text}
            data-autofocus
            value={text}
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('proxies.add.placeholder')}
            className="input h-56 w-full resize-y font-mono text-xs"
          />
          <label
            htmlFor={ids.file}
            className="btn-ghost inline-flex cursor-pointer items-center gap-1 focus-within:ring-2 focus-within:ring-primary/40"
          >
            {t('proxies.add.file')}
            <input
              id={ids.file}
              type="file"
              accept=".txt,.csv,.list,text/plain"
              className="sr-only"
              onChange={(event) => {
                void readFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
        </div>
        <div className="space-y-3">
          <div>
            <label htmlFor={ids.protocol} className="text-xs font-semibold text-muted uppercase">
              {t('proxies.add.protocol')}
            </label>
            <select
              id={ids.protocol}
              className="input mt-1 w-full"
              value={protocol}
              onChange={(event) => setProtocol(Number(event.target.value) as ProxyProtocol)}
            >
              {PROTOCOLS.map((value) => (
                <option key={value} value={value}>
                  {protocolName(value)}
                </option>
              ))}
            </select>
            <p className="mt-1 text-xs text-muted">{t('proxies.add.protocolHint')}</p>
          </div>
          <div>
            <label htmlFor={ids.tag} className="text-xs font-semibold text-muted uppercase">
              {t('proxies.add.tag')}
            </label>
            <input
              id={ids.tag}
              className="input mt-1 w-full"
              list={ids.tags}
              value={tag}
              maxLength={64}
              placeholder={t('proxies.add.tagPlaceholder')}
              onChange={(event) => setTag(event.target.value)}
            />
            <datalist id={ids.tags}>
              {tags.data?.map((item) => (
                <option key={item.id} value={item.name} />
              ))}
            </datalist>
          </div>
        </div>
      </div>
      <section
        aria-label={t('proxies.add.preview')}
        aria-live="polite"
        data-testid="add-preview"
        className="mt-4 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      >
        {text.trim() === '' ? (
          <p className="text-muted">{t('proxies.add.previewEmpty')}</p>
        ) : waiting ? (
          <p className="text-muted">{t('proxies.add.previewWaiting')}</p>
        ) : (
          <div className="space-y-2">
            <p className="font-semibold" data-testid="preview-ready">
              {t('proxies.add.ready', { count: preview.ready })}
            </p>
            {passwordChanges > 0 && (
              <label className="flex items-start gap-2 text-sm" data-testid="preview-password-changes">
                <input
                  type="checkbox"
                  className="mt-0.5"
                  checked={updatePasswords}
                  onChange={(event) => setUpdatePasswords(event.target.checked)}
                />
                <span>
                  {t('proxies.add.passwordChanges', { count: passwordChanges })}
                  <span className="block text-xs text-muted">{t('proxies.add.passwordChangesHint')}</span>
                </span>
              </label>
            )}
            <IssueList
              testId="preview-invalid"
              tone="error"
              title={t('proxies.add.invalidTitle', { count: preview.invalid.length })}
              items={preview.invalid.map((issue) => ({ ...issue, detail: issue.message }))}
            />
            <IssueList
              testId="preview-duplicates"
              tone="warning"
              title={t('proxies.add.duplicatesTitle', { count: preview.duplicates.length })}
              items={preview.duplicates.map((issue) => ({
                ...issue,
                detail: t('proxies.add.repeats', { line: issue.firstLine }),
              }))}
            />
          </div>
        )}
      </section>
    </ModalFrame>
  );
}

/** What the save did: added, already stored ("some already exist"), invalid lines with their reasons. */
function AddResult({ result, onClose }: { result: ProxyAddResult; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalFrame
      title={t('proxies.add.resultTitle')}
      onClose={onClose}
      footer={
        <button
          type="button"
          data-autofocus
          className="rounded-md bg-primary-strong px-4 py-1.5 text-sm font-semibold text-white hover:bg-primary-deep"
          onClick={onClose}
        >
          {t('proxies.add.done')}
        </button>
      }
    >
      <div className="space-y-3" data-testid="add-result">
        <p className="font-semibold text-emerald-700 dark:text-emerald-400" data-testid="added-count">
          {t('proxies.add.added', { count: result.addedIds.length })}
        </p>
        {result.updatedIds.length > 0 && (
          <p className="font-semibold" data-testid="updated-count">
            {t('proxies.add.updated', { count: result.updatedIds.length })}
          </p>
        )}
        <IssueList
          testId="result-duplicates"
          tone="warning"
          title={t('proxies.add.someExist', { count: result.duplicates.length })}
          items={result.duplicates.map((issue) => ({ ...issue, detail: issue.message }))}
        />
        <IssueList
          testId="result-invalid"
          tone="error"
          title={t('proxies.add.invalidSaved', { count: result.invalid.length })}
          items={result.invalid.map((issue) => ({ ...issue, detail: issue.message }))}
        />
      </div>
    </ModalFrame>
  );
}
