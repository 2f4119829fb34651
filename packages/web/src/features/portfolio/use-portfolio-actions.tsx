import type {
  HarvesterSession,
  PortfolioFilters,
  PortfolioRow,
  PortfolioSelection,
} from '@tradedeck/sdk/contract';
import type { PortfolioPriceSource } from '@tradedeck/sdk/domain';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../../shared/app-services.tsx';
import { MOVE_DIALOG_WIDTH, PortfolioMoveDialog } from './portfolio-move-dialog.tsx';
import { PortfolioSaleDialog, SALE_DIALOG_WIDTH } from './portfolio-sale-dialog.tsx';
import { assetLabels } from './portfolio-selection.ts';

/**
 * The screen's actions on picked assets, each through the area that owns it: a TM listing (the lots area lists) and
 * a move to one account (a harvester session, opened on the harvester screen once made).
 */
export function usePortfolioActions(
  filters: PortfolioFilters & { source?: PortfolioPriceSource; includeOutliers?: boolean },
  rows: readonly PortfolioRow[],
) {
  const services = useServices();
  const navigate = useNavigate();
  // The rows of the page at the time of the action name the picked assets in the dialog.
  const current = useRef(rows);
  current.current = rows;
  const { source = 'tm', includeOutliers = false } = filters;
  return useMemo(() => {
    const { modals, toasts, i18n } = services;
    const t = i18n.t.bind(i18n);
    return {
      sell: (assets: PortfolioSelection) =>
        void modals
          .open<number>(
            (controls) => (
              <PortfolioSaleDialog
                controls={controls}
                assets={assets}
                labels={assetLabels(current.current)}
                source={source}
                includeOutliers={includeOutliers}
              />
            ),
            { width: SALE_DIALOG_WIDTH },
          )
          .then((listed) => {
            if (listed) toasts.show({ kind: 'success', text: t('portfolio.sale.result', { count: listed }) });
          })
          .catch(() => {}),
      move: (assets: PortfolioSelection) =>
        void modals
          .open<HarvesterSession>((controls) => <PortfolioMoveDialog controls={controls} assets={assets} />, {
            width: MOVE_DIALOG_WIDTH,
          })
          .then((session) => {
            if (!session) return;
            toasts.show({ kind: 'success', text: t('portfolio.move.created', { name: session.name }) });
            navigate(`/panel/harvester?open=${session.id}&tab=${session.id}`);
          })
          .catch(() => {}),
    };
  }, [services, navigate, source, includeOutliers]);
}
