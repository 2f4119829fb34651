import type { HarvesterSession, HarvesterTransactionUpdated } from '@tradedeck/sdk/contract';
import { harvesterErrorMessages } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { Box, Text, useInput } from 'ink';
import type { Translate } from '../../texts/message.ts';
import { sessionCounts } from './harvester-output.ts';
import { heardCounts, type WatchState } from './harvester-watch-state.ts';

const BAR_WIDTH = 24;
/** Rows of the transaction stream shown under the sessions. */
const STREAM_ROWS = 12;
/** Errors pushed out of the stream by newer rows stay listed under it, so a watcher never misses one. */
const ERROR_ROWS = 5;

export type WatchKey = 'up' | 'down' | 'pause' | 'start' | 'quit';

interface WatchViewProps {
  state: WatchState;
  t: Translate;
  lang: Language;
  server: string;
  /** Keys are read only when standard input is a terminal. */
  keys: boolean;
  onKey(key: WatchKey): void;
}

/** The full-screen view of `harvester watch`: sessions with progress bars, the selected one's transactions. */
export function WatchView({ state, t, lang, server, keys, onKey }: WatchViewProps) {
  useInput(
    (input, key) => {
      if (key.upArrow || input === 'k') onKey('up');
      else if (key.downArrow || input === 'j') onKey('down');
      else if (input === 'p') onKey('pause');
      else if (input === 's') onKey('start');
      else if (input === 'q' || key.escape || (key.ctrl && input === 'c')) onKey('quit');
    },
    { isActive: keys },
  );
  const selected = state.sessions.find((session) => session.id === state.selectedId) ?? null;
  const heard = heardCounts(state);
  const errorsOutOfView = state.recent
    .slice(STREAM_ROWS)
    .filter((id) => state.transactions.get(id)?.status === 'error')
    .slice(0, ERROR_ROWS);
  const connection = { live: t('watchLive'), lost: t('watchLost'), connecting: t('watchConnecting') }[
    state.connection
  ];
  return (
    <Box flexDirection="column">
      <Text bold>
        {t('watchTitle', { server })}{' '}
        <Text color={state.connection === 'live' ? 'green' : 'yellow'}>● {connection}</Text>
      </Text>
      {state.sessions.length === 0 && <Text dimColor>{t('watchNoSessions')}</Text>}
      {state.sessions.slice(0, 10).map((session) => (
        <SessionLine key={session.id} session={session} selected={session.id === state.selectedId} t={t} />
      ))}
      {selected && (
        <Box flexDirection="column" marginTop={1}>
          <Text bold>
            {t('watchTransactions', {
              name: selected.name,
              ended: heard.ended,
              total: heard.total,
              completed: heard.completed,
              errors: heard.errors,
            })}{' '}
            <Text dimColor>{t('watchEvents', { count: state.received })}</Text>
          </Text>
          {state.recent.slice(0, STREAM_ROWS).map((id) => (
            <TransactionLine key={id} tx={state.transactions.get(id)!} lang={lang} t={t} />
          ))}
          {errorsOutOfView.length > 0 && (
            <Text dimColor>{t('watchEarlierErrors', { count: errorsOutOfView.length })}</Text>
          )}
          {errorsOutOfView.map((id) => (
            <TransactionLine key={id} tx={state.transactions.get(id)!} lang={lang} t={t} />
          ))}
        </Box>
      )}
      {state.notice && <Text color="yellow">{state.notice}</Text>}
      <Box marginTop={1}>
        <Text dimColor>{t('watchKeys')}</Text>
      </Box>
    </Box>
  );
}

function SessionLine({
  session,
  selected,
  t,
}: {
  session: HarvesterSession;
  selected: boolean;
  t: Translate;
}) {
  const counts = sessionCounts(session);
  const share = counts.total > 0 ? counts.ended / counts.total : 0;
  const filled = Math.round(share * BAR_WIDTH);
  const status = session.completedAt === null ? session.status : t('statusCompleted');
  return (
    <Text inverse={selected}>
      {selected ? '›' : ' '} {String(session.id).padStart(4)} {session.name.padEnd(18).slice(0, 18)}{' '}
      {status.padEnd(10)} <Text color="green">{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(BAR_WIDTH - filled)}</Text> {counts.ended}/{counts.total}
      {counts.errors > 0 && <Text color="red"> ⚠ {counts.errors}</Text>}
    </Text>
  );
}

function TransactionLine({ tx, lang, t }: { tx: HarvesterTransactionUpdated; lang: Language; t: Translate }) {
  const reason = tx.errorReason === null ? '' : harvesterErrorMessages[lang][tx.errorReason];
  return (
    <Text color={tx.status === 'error' ? 'red' : tx.status === 'completed' ? 'green' : undefined}>
      #{String(tx.id).padEnd(6)} {tx.source.login} → {tx.target.login} {tx.game} {tx.itemCount} {tx.status}
      {reason && ` — ${tx.errorStep ? t('watchAtStep', { reason, step: tx.errorStep }) : reason}`}
    </Text>
  );
}
