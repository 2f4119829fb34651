import type { PacingRest } from '@tradedeck/sdk/contract';
import { useTranslation } from 'react-i18next';

/**
 * A row's rest after a Steam limit (docs/pacing.md): "until 14:05 (inventory 429)", or a dash when it has none.
 * Proxies, accounts and the Pacing screen show it the same way.
 */
export function RestingCell({ rest }: { rest: PacingRest | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!rest) return <span className="text-muted">—</span>;
  const until = new Date(rest.until);
  const time = until.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <time
      dateTime={rest.until}
      title={until.toLocaleString(i18n.language)}
      className="text-warning"
      data-testid="resting"
    >
      {rest.reason
        ? t('pacing.restingUntil', { time, reason: rest.reason })
        : t('pacing.restingUntilBare', { time })}
    </time>
  );
}
