import type { ProxySearchHit, SteamAccountSearchHit } from '@tradedeck/sdk/contract';
import { MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';
import type { AppServices } from '../app-services.tsx';
import { ModalFrame } from '../modals/modal-frame.tsx';

/**
 * The view dialog of a search hit. The proxy and Steam account screens bring their full dialogs; until then
 * this shows what the search answered, with a link to the list.
 */
export function openEntityView(
  services: Pick<AppServices, 'modals'>,
  kind: 'proxy' | 'steamAccount',
  hit: ProxySearchHit | SteamAccountSearchHit,
): void {
  void services.modals.open((controls) => <EntityView kind={kind} hit={hit} onClose={controls.dismiss} />, {
    width: MODAL_WIDTHS.viewAccount,
  });
}

function EntityView({
  kind,
  hit,
  onClose,
}: {
  kind: 'proxy' | 'steamAccount';
  hit: ProxySearchHit | SteamAccountSearchHit;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> =
    kind === 'proxy'
      ? [
          [t('entity.name'), (hit as ProxySearchHit).proxyName ?? '—'],
          [t('entity.address'), `${(hit as ProxySearchHit).address}:${(hit as ProxySearchHit).port}`],
        ]
      : [
          [t('entity.login'), (hit as SteamAccountSearchHit).login],
          [t('entity.steamId'), (hit as SteamAccountSearchHit).steamId ?? '—'],
        ];
  return (
    <ModalFrame title={t(kind === 'proxy' ? 'entity.proxyTitle' : 'entity.accountTitle')} onClose={onClose}>
      <dl className="grid grid-cols-[8rem_1fr] gap-y-2">
        <dt className="text-muted">ID</dt>
        <dd>{hit.id}</dd>
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </ModalFrame>
  );
}
