import type { HarvesterSession } from '@tradedeck/sdk/contract';
import { harvesterErrorMessages } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../shared/money/amount.tsx';
import { useLanguage } from '../../shared/use-language.ts';
import { nonZeroTotals, sessionProgress } from './session-progress.ts';
import { displayStatus } from './session-rules.ts';
import { SessionStatusBadge } from './status-badges.tsx';

/** The live head of a session tab: status, a progress bar of ended transactions, counts and what was moved. */
export function ProgressHeader({
  session,
  actions,
}: {
  session: HarvesterSession;
  actions: React.ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const progress = sessionProgress(session);
  const { plan } = session;
  return (
    <section
      className="card space-y-3 p-4"
      aria-label={t('harvester.progress.label')}
      data-testid="session-progress"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h2 className="text-lg font-semibold">{session.name}</h2>
          <SessionStatusBadge status={displayStatus(session)} />
          <span className="text-xs text-muted">{session.profile.name}</span>
        </div>
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
      </div>
      {plan === null ? (
        <p className="text-sm text-muted">{t('harvester.progress.notPlanned')}</p>
      ) : (
        <>
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            aria-valuetext={t('harvester.progress.done', {
              done: progress.total - progress.active,
              total: progress.total,
            })}
            className="flex h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          >
            <span className="bg-emerald-500" style={{ width: share(progress.completed, progress.total) }} />
            <span className="bg-rose-500" style={{ width: share(progress.errors, progress.total) }} />
            <span className="bg-slate-400" style={{ width: share(progress.cancelled, progress.total) }} />
          </div>
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <Stat testId="progress-done">
              {t('harvester.progress.done', {
                done: progress.total - progress.active,
                total: progress.total,
              })}
            </Stat>
            <Stat testId="progress-active">
              {/* Transactions waiting while nothing runs are queued, not in progress. */}
              {t(session.status === 'running' ? 'harvester.progress.active' : 'harvester.progress.queued', {
                count: progress.active,
              })}
            </Stat>
            <Stat
              testId="progress-errors"
              tone={progress.errors > 0 ? 'text-rose-700 dark:text-rose-300' : ''}
            >
              {t('harvester.progress.errors', { count: progress.errors })}
            </Stat>
            <Stat testId="progress-cancelled">
              {t('harvester.progress.cancelled', { count: progress.cancelled })}
            </Stat>
            <Stat testId="progress-items">
              {t('harvester.progress.items', { count: session.itemsMoved })}
            </Stat>
            <Stat testId="progress-value">
              {t('harvester.transactions.columns.value')}:{' '}
              <Amount money={nonZeroTotals(session.valueMoved)} />
            </Stat>
            <Stat testId="progress-run">
              {t('harvester.progress.run', { current: session.currentRun, runs: plan.runs })}
            </Stat>
            <Stat testId="progress-plan">
              {t('harvester.progress.eligible', { eligible: plan.eligible, planned: plan.planned })}
            </Stat>
            {plan.failedAccounts.length > 0 && (
              <Stat testId="progress-failed-accounts" tone="text-rose-700 dark:text-rose-300">
                {t('harvester.progress.failedAccounts', {
                  accounts: plan.failedAccounts
                    .map(
                      (entry) => `${entry.account.login} (${harvesterErrorMessages[language][entry.reason]})`,
                    )
                    .join(', '),
                })}
              </Stat>
            )}
            {plan.leftover > 0 && (
              <Stat testId="progress-leftover">
                {t('harvester.progress.leftover', { count: plan.leftover })}
              </Stat>
            )}
          </ul>
        </>
      )}
    </section>
  );
}

function share(part: number, total: number): string {
  return total === 0 ? '0%' : `${(part * 100) / total}%`;
}

function Stat({ children, testId, tone = '' }: { children: React.ReactNode; testId: string; tone?: string }) {
  return (
    <li className={tone} data-testid={testId}>
      {children}
    </li>
  );
}
