import type { SellerAccountRow } from '@tradedeck/sdk/contract';
import { formatMoney, type Money, platformReasonMessages } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { Box, Static, Text } from 'ink';
import type { Translate } from '../../texts/message.ts';

const BAR_WIDTH = 30;

export interface BulkFailureLine {
  id: number;
  login: string;
  message: string;
}

export interface BulkProgress {
  title: string;
  done: number;
  total: number;
  succeeded: number;
  failures: BulkFailureLine[];
}

/** The live view of a bulk run: refused accounts printed above as they come, then a bar with done of total. */
export function BulkView({ progress, t }: { progress: BulkProgress; t: Translate }) {
  const filled = progress.total > 0 ? Math.round((progress.done / progress.total) * BAR_WIDTH) : BAR_WIDTH;
  return (
    <Box flexDirection="column">
      <Static items={progress.failures}>
        {(failure) => (
          <Text key={failure.id} color="red">
            {t('bulkFailed', { login: failure.login, message: failure.message })}
          </Text>
        )}
      </Static>
      <Text>
        <Text color="green">{'█'.repeat(filled)}</Text>
        <Text dimColor>{'░'.repeat(BAR_WIDTH - filled)}</Text> {progress.title}{' '}
        {t('bulkProgress', { done: progress.done, total: progress.total })}
        {progress.failures.length > 0 ? <Text color="red"> ✗ {progress.failures.length}</Text> : null}
      </Text>
    </Box>
  );
}

export const bulkView = (progress: BulkProgress, t: Translate) => <BulkView progress={progress} t={t} />;

const TONE = { online: 'green', warning: 'yellow', error: 'red', none: 'gray' } as const;

const balance = (value: Money | null, language: Language) =>
  value ? formatMoney(value, language === 'ru' ? 'ru-RU' : 'en-US') : '—';

/** One line per watched account: login, status, TM status with its reason, balances, orders, active trades. */
export function WatchView({
  rows,
  t,
  language,
}: {
  rows: readonly SellerAccountRow[];
  t: Translate;
  language: Language;
}) {
  return (
    <Box flexDirection="column">
      <Text dimColor>{t('watchHeader', { count: rows.length })}</Text>
      {rows.map((row) => {
        const tm = row.platforms.find((state) => state.platform === 'tm');
        const reason = tm?.reason ? platformReasonMessages[language][tm.reason] : '';
        return (
          <Text key={row.id}>
            {row.login.padEnd(20)} {row.status.padEnd(8)}{' '}
            <Text color={TONE[tm?.status ?? 'none']}>{(tm?.status ?? 'none').padEnd(8)}</Text>{' '}
            {balance(row.balances.available, language).padStart(12)}{' '}
            <Text dimColor>{balance(row.balances.onHold, language).padStart(12)}</Text> {t('colOrders')}{' '}
            {row.ordersCount} · {t('colTrades')} {row.activeDeliveries}
            {reason ? <Text dimColor> · {reason}</Text> : null}
          </Text>
        );
      })}
    </Box>
  );
}

export const watchView = (rows: readonly SellerAccountRow[], t: Translate, language: Language) => (
  <WatchView rows={rows} t={t} language={language} />
);
