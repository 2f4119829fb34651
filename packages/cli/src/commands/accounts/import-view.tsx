import { Box, Text } from 'ink';
import type { Translate } from '../../texts/message.ts';

export interface ImportProgress {
  total: number;
  added: number;
  failed: number;
  /** Logins of the chunk being signed in right now. */
  current: string[];
}

const BAR_WIDTH = 30;

/** The live view of `tradedeck accounts import`: a bar, added and failed counts, the accounts in flight. */
export function ImportView({ progress, t }: { progress: ImportProgress; t: Translate }) {
  const done = progress.added + progress.failed;
  const filled = progress.total > 0 ? Math.round((done / progress.total) * BAR_WIDTH) : BAR_WIDTH;
  const shown = progress.current.slice(0, 5).join(', ') + (progress.current.length > 5 ? ', …' : '');
  return (
    <Box flexDirection="column">
      <Text>
        <Text color="green">{'█'.repeat(filled)}</Text>
        <Text dimColor>{'░'.repeat(BAR_WIDTH - filled)}</Text>{' '}
        {t('importProgress', { added: progress.added, failed: progress.failed, total: progress.total })}
      </Text>
      {progress.current.length > 0 ? <Text dimColor>{t('importCurrent', { logins: shown })}</Text> : null}
    </Box>
  );
}

export const importView = (progress: ImportProgress, t: Translate) => (
  <ImportView progress={progress} t={t} />
);
