import type { AddToSaleResult, PortfolioSaleItem, PortfolioSelection } from '@tradedeck/sdk/contract';
import { formatMoney, type PortfolioPriceSource } from '@tradedeck/sdk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { APPLY_BUTTON, ERROR_TEXT } from '../../shared/form-styles.ts';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { assetKey } from './portfolio-selection.ts';

export const SALE_DIALOG_WIDTH = 720;
const MAX_PERCENT = 1_000;

/** The rule's percent as typed: a whole number from 1 to 1,000, or null. */
export function parseSalePercent(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,4}$/.test(value)) return null;
  const percent = Number(value);
  return percent >= 1 && percent <= MAX_PERCENT ? percent : null;
}

/**
 * Lists the picked assets on TM: `portfolio.saleLots` prices each one's lot by the rule (the source's value times a
 * percent) and says why the others are skipped; "List" hands the ready ones to `lots.addToSale`, whose answer per
 * item is shown in place. Closes with the number listed.
 */
export function PortfolioSaleDialog({
  controls,
  assets,
  labels,
  source,
  includeOutliers,
}: {
  controls: ModalControls;
  assets: PortfolioSelection;
  /** How each asset is named in the lists (`accountId/assetId` → "name · login"), where the screen knows it. */
  labels: ReadonlyMap<string, string>;
  source: PortfolioPriceSource;
  includeOutliers: boolean;
}) {
  const { t } = useTranslation();
  const locale = localeOf(useLanguage());
  const { client } = useServices();
  const describe = useDescribeError();
  const [percentText, setPercentText] = useState('100');
  const [prepared, setPrepared] = useState<PortfolioSaleItem[] | null>(null);
  const [listed, setListed] = useState<AddToSaleResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const percent = parseSalePercent(percentText);
  const ready = prepared?.filter((item) => item.lotId !== null && item.price !== null) ?? [];
  const label = (item: { accountId: number; assetId: string }) =>
    labels.get(assetKey(item)) ?? t('portfolio.sale.asset', { id: item.assetId });

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(describe(error));
    } finally {
      setBusy(false);
    }
  };
  const prepare = () =>
    act(async () => {
      if (percent === null) return;
      const answer = await client.portfolio.saleLots({ assets, source, includeOutliers, percent });
      setPrepared(answer.items);
    });
  const list = () =>
    act(async () => {
      const lots = ready.map((item) => ({ id: item.lotId!, price: item.price! }));
      setListed(await client.lots.addToSale({ items: lots }));
    });
  const lotOutcome = new Map(listed?.items.map((item) => [item.id, item]) ?? []);

  return (
    <ModalFrame
      title={t('portfolio.sale.title', { count: assets.length })}
      onClose={() => (listed ? controls.close(listed.listed) : controls.dismiss())}
      footer={
        listed ? (
          <button type="button" className={APPLY_BUTTON} onClick={() => controls.close(listed.listed)}>
            {t('portfolio.sale.done')}
          </button>
        ) : (
          <>
            <CancelButton onClick={controls.dismiss} />
            <button
              type="button"
              className="btn-ghost"
              disabled={busy || percent === null}
              onClick={() => void prepare()}
            >
              {t('portfolio.sale.prepare')}
            </button>
            <button
              type="button"
              className={APPLY_BUTTON}
              disabled={busy || ready.length === 0}
              onClick={() => void list()}
              data-testid="portfolio-sale-submit"
            >
              {t('portfolio.sale.submit', { count: ready.length })}
            </button>
          </>
        )
      }
    >
      <div className="space-y-3 text-sm">
        <label className="flex items-center gap-2">
          <span>{t('portfolio.sale.percent', { source: t(`portfolio.price.sources.${source}`) })}</span>
          <input
            className="input w-24"
            inputMode="numeric"
            value={percentText}
            disabled={listed !== null}
            aria-invalid={percent === null}
            onChange={(event) => {
              setPercentText(event.target.value);
              setPrepared(null);
            }}
          />
        </label>
        {percent === null && (
          <p className={ERROR_TEXT} data-testid="field-error">
            {t('portfolio.sale.badPercent')}
          </p>
        )}
        {prepared && (
          <>
            <p data-testid="portfolio-sale-counts">
              {listed
                ? t('portfolio.sale.listedCounts', {
                    listed: listed.listed,
                    failed: listed.failed,
                    skipped: prepared.length - ready.length,
                  })
                : t('portfolio.sale.counts', {
                    ready: ready.length,
                    skipped: prepared.length - ready.length,
                  })}
            </p>
            <ul className="max-h-80 space-y-1 overflow-y-auto" data-testid="portfolio-sale-items">
              {prepared.map((item) => {
                const outcome = item.lotId === null ? undefined : lotOutcome.get(item.lotId);
                const state = item.skipped
                  ? 'skipped'
                  : outcome
                    ? outcome.ok
                      ? 'listed'
                      : 'failed'
                    : 'ready';
                return (
                  <li
                    key={assetKey(item)}
                    data-state={state}
                    className="flex justify-between gap-3 border-b border-slate-100 py-1 dark:border-slate-800"
                  >
                    <span className="truncate">{label(item)}</span>
                    <span className={state === 'skipped' || state === 'failed' ? 'text-muted' : ''}>
                      {item.skipped
                        ? t('portfolio.sale.skipped', { reason: item.message })
                        : outcome
                          ? outcome.ok
                            ? t('portfolio.sale.listed', { price: formatMoney(item.price!, locale) })
                            : t('portfolio.sale.failed', { reason: outcome.message })
                          : formatMoney(item.price!, locale)}
                    </span>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {problem && (
          <p role="alert" className={ERROR_TEXT}>
            {problem}
          </p>
        )}
      </div>
    </ModalFrame>
  );
}
