import { PROXY_PROTOCOL_SCHEMES, type ProxyProtocol, type ProxyStatus } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';

const STATUS_TONE: Record<ProxyStatus, string> = {
  0: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  1: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  2: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  3: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300',
  4: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  5: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300',
};

/** The status badge; while a check runs, a spinner and "checking" instead. */
export function StatusBadge({ status, pending }: { status: ProxyStatus; pending?: boolean }) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <span className="inline-flex items-center gap-1.5 text-xs text-muted" data-status="pending">
        <span
          aria-hidden
          className="h-3 w-3 animate-spin rounded-full border-2 border-primary border-t-transparent"
        />
        {t('proxies.checking')}
      </span>
    );
  }
  return (
    <span
      data-status={status}
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[status]}`}
    >
      {t(`proxies.statuses.${status}`)}
    </span>
  );
}

export function protocolName(protocol: ProxyProtocol): string {
  return PROXY_PROTOCOL_SCHEMES[protocol].toUpperCase();
}

/** 🇩🇪 from "DE"; the code itself is shown next to it, since some systems draw flags as letters. */
export function countryFlag(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}

export function CountryCell({ code }: { code: string | null }) {
  if (!code) return <span className="text-muted">—</span>;
  return (
    <span title={code} className="whitespace-nowrap">
      <span aria-hidden>{countryFlag(code)}</span> {code}
    </span>
  );
}

/** "3 min ago" in the interface language, with the exact time as a tooltip. */
export function RelativeTime({ iso }: { iso: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!iso) return <span className="text-muted">{t('proxies.never')}</span>;
  const date = new Date(iso);
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  const [value, unit] = relativeParts(seconds);
  return (
    <time dateTime={iso} title={date.toLocaleString(i18n.language)}>
      {format.format(value, unit)}
    </time>
  );
}

function relativeParts(seconds: number): [number, Intl.RelativeTimeFormatUnit] {
  const abs = Math.abs(seconds);
  if (abs < 60) return [seconds, 'second'];
  if (abs < 3600) return [Math.round(seconds / 60), 'minute'];
  if (abs < 86_400) return [Math.round(seconds / 3600), 'hour'];
  return [Math.round(seconds / 86_400), 'day'];
}
