import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Currency, type GlobalSettings } from '@tradedeck/sdk/contract';
import { CURRENCIES, defaultCurrencyOf } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../i18n/language-switcher.tsx';
import { useServices } from '../../shared/app-services.tsx';
import { operationQuery } from '../../shared/queries/operation-query.ts';
import { useLanguage } from '../../shared/use-language.ts';

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', RUB: '₽', CNY: '¥' };

/** Account settings: language, displayed currency, marketplace preferred currency. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { client, toasts } = useServices();
  const queryClient = useQueryClient();
  const settingsQuery = operationQuery(client, api.settings.get);
  const settings = useQuery(settingsQuery);
  const language = useLanguage();

  // Optimistic: the choice shows at once and rolls back when the server refuses it.
  const update = useMutation({
    mutationFn: (next: GlobalSettings) => client.settings.update(next),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: settingsQuery.queryKey });
      const previous = queryClient.getQueryData(settingsQuery.queryKey);
      queryClient.setQueryData(settingsQuery.queryKey, { ...next, chosen: true });
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(settingsQuery.queryKey, context.previous);
      toasts.show({ kind: 'error', text: t('settings.updateFailed') });
    },
    onSuccess: (saved) => queryClient.setQueryData(settingsQuery.queryKey, saved),
  });

  // Until the user chooses, both currencies follow the panel's language (English USD, Russian RUB).
  const fallback = defaultCurrencyOf(language);
  const shown: GlobalSettings | undefined = settings.data && {
    displayedCurrency: settings.data.chosen ? settings.data.displayedCurrency : fallback,
    tmPreferredCurrency: settings.data.chosen ? settings.data.tmPreferredCurrency : fallback,
  };
  const change = (field: keyof GlobalSettings, value: Currency) => {
    if (!shown || (settings.data?.chosen && shown[field] === value)) return;
    update.mutate({ ...shown, [field]: value });
  };

  return (
    <div className="max-w-3xl space-y-5">
      <h1 className="text-2xl font-semibold tracking-tight">{t('settings.title')}</h1>
      <section className="card space-y-2 p-5">
        <h2 className="text-sm font-semibold">{t('settings.language')}</h2>
        <p className="text-sm text-muted">{t('settings.languageHint')}</p>
        <LanguageSwitcher tone="auto" />
      </section>
      <section className="card space-y-4 p-5">
        <h2 className="text-sm font-semibold">{t('settings.currencies')}</h2>
        {settings.isError ? (
          <div role="alert" className="flex items-center gap-3 text-sm">
            <span className="text-rose-600 dark:text-rose-400">{t('settings.loadFailed')}</span>
            <button type="button" className="btn-ghost" onClick={() => void settings.refetch()}>
              {t('errors.retryLoad')}
            </button>
          </div>
        ) : !shown ? (
          <p className="h-16 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
        ) : (
          <>
            <CurrencyChoice
              legend={t('settings.displayedCurrency')}
              value={shown.displayedCurrency}
              onChange={(value) => change('displayedCurrency', value)}
            />
            <CurrencyChoice
              legend={t('settings.tmPreferredCurrency')}
              value={shown.tmPreferredCurrency}
              onChange={(value) => change('tmPreferredCurrency', value)}
            />
          </>
        )}
      </section>
    </div>
  );
}

function CurrencyChoice({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: Currency;
  onChange(value: Currency): void;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm text-slate-600 dark:text-slate-300">{legend}</legend>
      <div className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
        {CURRENCIES.map((currency) => (
          <button
            key={currency}
            type="button"
            aria-pressed={value === currency}
            onClick={() => onChange(currency)}
            className={`rounded px-3 py-1 text-sm font-semibold ${
              value === currency
                ? 'bg-primary-strong text-white'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300'
            }`}
          >
            {SYMBOLS[currency]} {currency}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
