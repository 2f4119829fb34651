import { api } from '@tradedeck/sdk/contract';
import {
  CURRENCIES,
  type Currency,
  DISTRIBUTION_MODES,
  HARVESTER_GAMES_MODES,
  type HarvesterProfile,
  TRADE_GAME_KEYS,
  TRADE_GAMES,
} from '@tradedeck/sdk/domain';
import { cloneElement, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { invalidateOperations } from '../../shared/queries/operation-query.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { PriorityList } from './priority-list.tsx';
import {
  checkProfileForm,
  emptyProfileForm,
  type FieldError,
  type ProfileField,
  type ProfileForm,
  profileToForm,
} from './profile-form.ts';

/** Creates a profile, or edits one; every rule is checked on save and shown under its field. */
export function ProfileEditorDialog({
  controls,
  profile,
  currency,
}: {
  controls: ModalControls;
  profile?: HarvesterProfile;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const language = useLanguage();
  const [form, setForm] = useState<ProfileForm>(() =>
    profile ? profileToForm(profile) : emptyProfileForm(currency),
  );
  const [errors, setErrors] = useState<Partial<Record<ProfileField, FieldError>>>({});
  const [busy, setBusy] = useState(false);
  const ids = { priority: useId(), form: useId() };
  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const errorOf = (field: ProfileField) => {
    const error = errors[field];
    if (!error) return undefined;
    return 'text' in error ? error.text : t(error.key as 'harvester.editor.errors.name', error.values);
  };

  const save = async () => {
    const checked = checkProfileForm(form, language);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = profile
        ? await services.client.harvester.updateProfile({ ...checked.input, id: profile.id })
        : await services.client.harvester.createProfile(checked.input);
      services.toasts.show({ kind: 'success', text: t('harvester.profiles.saved', { name: saved.name }) });
      void invalidateOperations(services.queryClient, api.harvester.listProfiles);
      controls.close(saved);
    } catch (error) {
      notifyError(services, error);
    } finally {
      setBusy(false);
    }
  };

  /** A typed amount or count under its label, with its rule's message under it. */
  const textField = (
    field: ProfileField & keyof ProfileForm,
    label:
      | 'itemValueThreshold'
      | 'maxReturnItems'
      | 'totalReturnValueLimit'
      | 'capPerTarget'
      | 'maxItemPrice'
      | 'maxItems',
    mode: 'decimal' | 'numeric',
    placeholder?: 'capPlaceholder' | 'noLimit',
  ) => (
    <Field label={t(`harvester.editor.${label}`)} error={errorOf(field)}>
      <input
        className="input w-full"
        inputMode={mode}
        placeholder={placeholder ? t(`harvester.editor.${placeholder}`) : undefined}
        value={form[field] as string}
        onChange={(event) => set(field, event.target.value)}
      />
    </Field>
  );
  const listUsed = form.gamesMode !== 'all';
  return (
    <ModalFrame
      title={
        profile ? t('harvester.editor.editTitle', { name: profile.name }) : t('harvester.editor.createTitle')
      }
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button
            type="submit"
            form={ids.form}
            disabled={busy}
            className="rounded-md bg-primary-strong px-3 py-1 text-sm font-semibold text-white hover:bg-primary-deep disabled:opacity-50"
          >
            {t('harvester.editor.save')}
          </button>
        </>
      }
    >
      <form
        id={ids.form}
        noValidate
        className="grid gap-4 md:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field
          label={t('harvester.editor.name')}
          error={errorOf('name')}
          hint={t('harvester.editor.nameRule')}
          wide
        >
          <input
            className="input w-full"
            data-autofocus
            value={form.name}
            maxLength={64}
            onChange={(event) => set('name', event.target.value)}
          />
        </Field>

        <fieldset className="space-y-2 md:col-span-2" aria-invalid={errors.games ? true : undefined}>
          <legend className="text-sm font-medium">{t('harvester.editor.games')}</legend>
          <div className="flex flex-wrap gap-3">
            {HARVESTER_GAMES_MODES.map((mode) => (
              <label key={mode} className="flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name="games-mode"
                  checked={form.gamesMode === mode}
                  onChange={() => set('gamesMode', mode)}
                />
                {t(`harvester.editor.gamesModes.${mode}`)}
              </label>
            ))}
          </div>
          {listUsed && (
            <fieldset className="flex flex-wrap gap-3" aria-label={t('harvester.editor.gameList')}>
              {TRADE_GAME_KEYS.map((game) => (
                <label key={game} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    checked={form.games.includes(game)}
                    onChange={(event) =>
                      set(
                        'games',
                        event.target.checked
                          ? [...form.games, game]
                          : form.games.filter((other) => other !== game),
                      )
                    }
                  />
                  {TRADE_GAMES[game].name}
                </label>
              ))}
            </fieldset>
          )}
          {errors.games && (
            <p role="alert" className="text-xs text-rose-700 dark:text-rose-300" data-testid="error-games">
              {errorOf('games')}
            </p>
          )}
        </fieldset>

        <fieldset className="space-y-2 md:col-span-2">
          <legend className="text-sm font-medium">{t('harvester.editor.giveBack')}</legend>
          <p className="text-xs text-muted">{t('harvester.editor.giveBackHint')}</p>
          <div className="flex flex-wrap gap-3">
            {(['tradingCards', 'emoticons', 'backgrounds', 'allowEmptyTrades'] as const).map((key) => (
              <label key={key} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  checked={form[key]}
                  onChange={(event) => set(key, event.target.checked)}
                />
                {key === 'allowEmptyTrades'
                  ? t('harvester.editor.allowEmptyTrades')
                  : t(`harvester.editor.types.${key}`)}
              </label>
            ))}
          </div>
          <div className="grid gap-3 md:grid-cols-4">
            <Field label={t('harvester.editor.currency')}>
              <CurrencySelect
                value={form.giveBackCurrency}
                onChange={(value) => set('giveBackCurrency', value)}
              />
            </Field>
            {textField('itemValueThreshold', 'itemValueThreshold', 'decimal')}
            {textField('maxReturnItems', 'maxReturnItems', 'numeric')}
            {textField('totalReturnValueLimit', 'totalReturnValueLimit', 'decimal')}
          </div>
          <p id={ids.priority} className="text-sm">
            {t('harvester.editor.priority')}{' '}
            <span className="text-xs text-muted">{t('harvester.editor.priorityHint')}</span>
          </p>
          <PriorityList
            value={form.priority}
            onChange={(next) => set('priority', next)}
            labelId={ids.priority}
          />
        </fieldset>

        <Field label={t('harvester.editor.distribution')}>
          <select
            className="input w-full"
            value={form.distribution}
            onChange={(event) => set('distribution', event.target.value as ProfileForm['distribution'])}
          >
            {DISTRIBUTION_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`harvester.editor.distributionModes.${mode}`)}
              </option>
            ))}
          </select>
        </Field>
        {form.distribution === 'balancedCap' ? (
          textField('capPerTarget', 'capPerTarget', 'numeric', 'capPlaceholder')
        ) : (
          <span />
        )}
        <div className="grid grid-cols-[6rem_1fr] gap-2">
          <Field label={t('harvester.editor.currency')}>
            <CurrencySelect value={form.priceCurrency} onChange={(value) => set('priceCurrency', value)} />
          </Field>
          {textField('maxItemPrice', 'maxItemPrice', 'decimal', 'noLimit')}
        </div>
        {textField('maxItems', 'maxItems', 'numeric', 'noLimit')}
      </form>
    </ModalFrame>
  );
}

function Field({
  label,
  error,
  hint,
  wide,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  wide?: boolean;
  children: React.ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  return (
    <div className={`space-y-1 ${wide ? 'md:col-span-2' : ''}`}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <FieldControl id={id} invalid={Boolean(error)} describedBy={error ? `${id}-error` : undefined}>
        {children}
      </FieldControl>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-muted">{hint}</p>
      )}
    </div>
  );
}

/** Gives the field's control its id and error wiring. */
function FieldControl({
  id,
  invalid,
  describedBy,
  children,
}: {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
  children: React.ReactElement<Record<string, unknown>>;
}) {
  return cloneElement(children, {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  });
}

function CurrencySelect({ value, onChange }: { value: Currency; onChange(value: Currency): void }) {
  return (
    <select
      className="input w-full"
      value={value}
      onChange={(event) => onChange(event.target.value as Currency)}
    >
      {CURRENCIES.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </select>
  );
}
