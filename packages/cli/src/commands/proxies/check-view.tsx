import { Box, Text } from 'ink';
import type { Translate } from '../../texts/message.ts';
import {
  type CheckProgress,
  etaSeconds,
  formatDuration,
  formatRate,
  ratePerSecond,
} from './check-progress.ts';

const BAR_WIDTH = 30;

/** The live view of `tradedeck proxies check`: a bar, done/total, valid and invalid counts, rate and ETA. */
export function CheckView({ progress, t }: { progress: CheckProgress; t: Translate }) {
  const share = progress.total > 0 ? progress.done / progress.total : 1;
  const filled = Math.round(share * BAR_WIDTH);
  const eta = etaSeconds(progress);
  return (
    <Box flexDirection="column">
      <Text>
        <Text color="green">{'█'.repeat(filled)}</Text>
        <Text dimColor>{'░'.repeat(BAR_WIDTH - filled)}</Text>{' '}
        {t('checkProgress', { done: progress.done, total: progress.total })}
      </Text>
      <Text>
        <Text color="green">{t('checkValid', { count: progress.valid })}</Text>
        {'  '}
        <Text color="red">{t('checkInvalid', { count: progress.invalid })}</Text>
        {'  '}
        {t('checkRate', { rate: formatRate(ratePerSecond(progress)) })}
        {'  '}
        {t('checkEta', { eta: eta === null ? '…' : formatDuration(eta) })}
      </Text>
    </Box>
  );
}

export const checkView = (progress: CheckProgress, t: Translate) => <CheckView progress={progress} t={t} />;
