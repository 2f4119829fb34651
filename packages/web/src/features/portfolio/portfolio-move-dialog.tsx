import { api, type HarvesterSession, type PortfolioSelection } from '@tradedeck/sdk/contract';
import { SEARCH_DEBOUNCE_MS } from '@tradedeck/sdk/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { APPLY_BUTTON, ERROR_TEXT, FIELD_LABEL } from '../../shared/form-styles.ts';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { accountsOf } from './portfolio-selection.ts';

export const MOVE_DIALOG_WIDTH = 560;
/** Accounts a search shows at once: the trader narrows it by typing. */
const SHOWN = { page: 1, pageSize: 25 } as const;

/**
 * Moves the picked assets to one account: a harvester session whose sources are the assets' accounts, moving only
 * those assets (the harvester owns the trades and their rules). Assets already on the target stay. Closes with the
 * created session, idle: the trader starts it on the harvester screen.
 */
export function PortfolioMoveDialog({
  controls,
  assets,
}: {
  controls: ModalControls;
  assets: PortfolioSelection;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const describe = useDescribeError();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const accounts = useOperationQuery(api.steamAccounts.query, {
    withTagIds: [],
    exceptTagIds: [],
    withStatus: [],
    exceptStatus: [],
    ...(search ? { searchString: search } : {}),
    pages: SHOWN,
    sort: [{ propertyName: 'login', isDescending: false }],
  });
  const moving = target === null ? assets : assets.filter((asset) => asset.accountId !== target);

  const create = async () => {
    if (target === null) {
      setProblem(t('portfolio.move.pickTarget'));
      return;
    }
    if (moving.length === 0) {
      setProblem(t('portfolio.move.alreadyThere'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const session = await client.harvester.createSession({
        name: t('portfolio.move.sessionName', { count: moving.length }),
        sources: { accountIds: accountsOf(moving), tagIds: [] },
        targets: { accountIds: [target], tagIds: [] },
        targetWeights: [],
        assets: moving,
      });
      controls.close(session satisfies HarvesterSession);
    } catch (error) {
      setProblem(describe(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame
      title={t('portfolio.move.title', { count: assets.length, accounts: accountsOf(assets).length })}
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button
            type="button"
            className={APPLY_BUTTON}
            disabled={busy}
            onClick={() => void create()}
            data-testid="portfolio-move-submit"
          >
            {t('portfolio.move.submit')}
          </button>
        </>
      }
    >
      <div className="space-y-3 text-sm">
        <label className="flex flex-col gap-1">
          <span className={FIELD_LABEL}>{t('portfolio.move.search')}</span>
          <input
            className="input"
            data-autofocus
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <fieldset className="max-h-64 space-y-1 overflow-y-auto">
          <legend className={FIELD_LABEL}>{t('portfolio.move.target')}</legend>
          {accounts.data?.items.map((account) => (
            <label key={account.id} className="flex items-center gap-2">
              <input
                type="radio"
                name="portfolio-move-target"
                checked={target === account.id}
                onChange={() => {
                  setTarget(account.id);
                  setProblem(null);
                }}
              />
              {account.login}
            </label>
          ))}
          {accounts.data?.items.length === 0 && (
            <p className="text-muted">{t('portfolio.move.noAccounts')}</p>
          )}
        </fieldset>
        <p className="text-muted">{t('portfolio.move.note')}</p>
        {problem && (
          <p role="alert" className={ERROR_TEXT}>
            {problem}
          </p>
        )}
      </div>
    </ModalFrame>
  );
}
