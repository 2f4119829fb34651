import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../shared/app-services.tsx';
import { useNetworkSnapshot } from '../../shared/network/network-status.tsx';
import { StatusLayout } from './status-layout.tsx';

/** Shown while offline: what happened, that reconnection is automatic, and a manual check. */
export function OfflinePage() {
  const { t } = useTranslation();
  const { monitor } = useServices();
  const snapshot = useNetworkSnapshot();
  const navigate = useNavigate();
  const [checkedOnline, setCheckedOnline] = useState(false);

  const check = async () => {
    await monitor.checkNow();
    // Opened by hand while the connection is fine: nothing to wait for.
    if (monitor.snapshot.phase === 'online') {
      setCheckedOnline(true);
      navigate('/', { replace: true });
    }
  };

  return (
    <StatusLayout badge="📡">
      <h1 className="text-2xl font-bold">{t('offline.title')}</h1>
      <p className="max-w-md text-muted">{t('offline.description')}</p>
      <p className="max-w-md text-sm text-muted">{t('offline.auto')}</p>
      <button
        type="button"
        onClick={() => void check()}
        disabled={snapshot.checking}
        className="rounded-md bg-primary-strong px-5 py-2 text-sm font-semibold text-white hover:bg-primary-deep disabled:opacity-60"
      >
        {snapshot.checking ? t('network.connecting') : t('offline.check')}
      </button>
      {checkedOnline && <p className="text-sm text-emerald-600">{t('network.connected')}</p>}
    </StatusLayout>
  );
}
