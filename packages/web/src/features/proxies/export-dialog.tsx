import { useMutation } from '@tanstack/react-query';
import {
  compileProxyTemplate,
  PROXY_EXPORT_FORMATS,
  PROXY_TEMPLATE_PLACEHOLDERS,
  type ProxyExportFormat,
} from '@tradedeck/sdk/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { saveFile } from '../../shared/save-file.ts';
import type { SortItem } from '../../shared/table/table-url-state.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { type ProxyFilters, toProxySort } from './proxy-filters.ts';

/** A streamed export of a very large list may take a while; the call's default timeout would cut it. */
const EXPORT_TIMEOUT_MS = 5 * 60_000;

interface ExportScope {
  selectedIds: number[];
  filters: ProxyFilters;
  /** How many proxies match the filters. */
  total: number;
  sort: SortItem[];
}

/**
 * Export in a format or a custom template, of the selection or of everything matching the filters (streamed by
 * the server); the text can be copied or downloaded as a file.
 */
export function ExportDialog({ controls, scope }: { controls: ModalControls; scope: ExportScope }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const services = useServices();
  const ids = { format: useId(), template: useId(), result: useId() };
  const [format, setFormat] = useState<ProxyExportFormat>('ip_port_auth');
  const [template, setTemplate] = useState('{protocol}://{login}:{pass}@{ip}:{port}');
  const [which, setWhich] = useState<'selection' | 'filters'>(
    scope.selectedIds.length > 0 ? 'selection' : 'filters',
  );
  const compiled = format === 'custom' ? compileProxyTemplate(template) : null;
  const templateError = compiled && !compiled.ok ? compiled.error[language] : null;

  const build = useMutation({
    mutationFn: () =>
      services.client.proxies.export(
        {
          ...(which === 'selection' ? { ids: scope.selectedIds } : scope.filters),
          format,
          ...(format === 'custom' ? { template } : {}),
          sort: toProxySort(scope.sort),
        },
        { timeoutMs: EXPORT_TIMEOUT_MS },
      ),
    onError: (error) => notifyError(services, error),
  });
  const text = build.data ?? '';
  const lineCount = text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      services.toasts.show({ kind: 'success', text: t('proxies.export.copied') });
    } catch {
      services.toasts.show({ kind: 'warning', text: t('proxies.export.copyFailed') });
    }
  };
  const download = () => {
    saveFile(
      new Blob([text], { type: 'text/plain;charset=utf-8' }),
      `proxies-${format}-${new Date().toISOString().slice(0, 10)}.txt`,
    );
  };

  return (
    <ModalFrame
      title={t('proxies.export.title')}
      onClose={controls.dismiss}
      footer={
        <>
          <button type="button" className="btn-ghost" disabled={text === ''} onClick={() => void copy()}>
            {t('proxies.export.copy')}
          </button>
          <button type="button" className="btn-ghost" disabled={text === ''} onClick={download}>
            {t('proxies.export.download')}
          </button>
          <button
            type="button"
            className="rounded-md bg-primary-strong px-4 py-1.5 text-sm font-semibold text-white hover:bg-primary-deep disabled:opacity-50"
            disabled={build.isPending || templateError !== null}
            onClick={() => build.mutate()}
          >
            {build.isPending ? t('proxies.export.building') : t('proxies.export.build')}
          </button>
        </>
      }
    >
      <div className="space-y-4">
        <fieldset className="space-y-1">
          <legend className="text-xs font-semibold text-muted uppercase">{t('proxies.export.scope')}</legend>
          <label className={`flex items-center gap-2 ${scope.selectedIds.length === 0 ? 'opacity-50' : ''}`}>
            <input
              type="radio"
              name="export-scope"
              checked={which === 'selection'}
              disabled={scope.selectedIds.length === 0}
              onChange={() => {
                setWhich('selection');
                build.reset();
              }}
            />
            {t('proxies.export.scopeSelection', { count: scope.selectedIds.length })}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="export-scope"
              checked={which === 'filters'}
              onChange={() => {
                setWhich('filters');
                build.reset();
              }}
            />
            {t('proxies.export.scopeFilters', { count: scope.total })}
          </label>
        </fieldset>
        <div className="space-y-1">
          <label htmlFor={ids.format} className="text-xs font-semibold text-muted uppercase">
            {t('proxies.export.format')}
          </label>
          <select
            id={ids.format}
            data-autofocus
            className="input w-full"
            value={format}
            onChange={(event) => {
              setFormat(event.target.value as ProxyExportFormat);
              build.reset();
            }}
          >
            {PROXY_EXPORT_FORMATS.map((value) => (
              <option key={value} value={value}>
                {t(`proxies.export.formats.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {format === 'custom' && (
          <div className="space-y-1">
            <label htmlFor={ids.template} className="text-xs font-semibold text-muted uppercase">
              {t('proxies.export.template')}
            </label>
            <input
              id={ids.template}
              className="input w-full font-mono text-xs"
              value={template}
              maxLength={500}
              aria-invalid={templateError !== null}
              onChange={(event) => {
                setTemplate(event.target.value);
                build.reset();
              }}
            />
            <p className="text-xs text-muted">
              {t('proxies.export.templateHint')}{' '}
              {PROXY_TEMPLATE_PLACEHOLDERS.map((name) => (
                <code key={name} className="me-1">{`{${name}}`}</code>
              ))}
            </p>
            {templateError && (
              <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
                {templateError}
              </p>
            )}
          </div>
        )}
        {build.data !== undefined && (
          <div className="space-y-1">
            <label htmlFor={ids.result} className="text-xs font-semibold text-muted uppercase">
              {t('proxies.export.result')} · {t('proxies.export.lines', { count: lineCount })}
            </label>
            <textarea
              id={ids.result}
              readOnly
              value={text}
              data-testid="export-result"
              className="input h-48 w-full font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        )}
      </div>
    </ModalFrame>
  );
}
