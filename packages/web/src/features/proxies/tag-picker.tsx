import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TagLike, tagOptions, tagToAdd } from '../../shared/tags/tag-rules.ts';
import { ActButton } from '../../shared/workspace/act-gate.tsx';

/**
 * Choose an existing tag or type a new one (the spec's tag rules live in `tagOptions`). `onPick` gets the tag
 * to add: an existing id, or id 0 with the new name.
 */
export function TagPicker({
  all,
  onItem,
  busy,
  submitLabel,
  autoFocus,
  onPick,
}: {
  all: readonly TagLike[];
  onItem: readonly TagLike[];
  busy?: boolean;
  submitLabel?: string;
  autoFocus?: boolean;
  onPick(tag: TagLike): void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<TagLike | null>(null);
  const options = tagOptions(all, onItem, typed);
  const pick = tagToAdd(chosen, typed, options);
  const submit = () => {
    if (!pick || busy) return;
    onPick(pick);
    setTyped('');
    setChosen(null);
  };
  return (
    <div className="space-y-2" data-testid="tag-picker">
      <label htmlFor={inputId} className="sr-only">
        {t('proxies.tagPicker.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          className="input flex-1"
          value={typed}
          maxLength={64}
          // biome-ignore lint/a11y/noAutofocus: the picker is the point of the dialog that opens it
          autoFocus={autoFocus}
          data-autofocus={autoFocus || undefined}
          placeholder={t('proxies.tagPicker.placeholder')}
          onChange={(event) => {
            setTyped(event.target.value);
            setChosen(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <ActButton
          className="rounded-md bg-primary-strong px-3 py-1.5 text-sm font-semibold text-white hover:bg-primary-deep disabled:opacity-50"
          disabled={!pick || busy}
          onClick={submit}
        >
          {submitLabel ?? t('proxies.tagPicker.add')}
        </ActButton>
      </div>
      <ul className="max-h-40 space-y-0.5 overflow-y-auto" aria-label={t('proxies.tagPicker.label')}>
        {options.newName && (
          <li>
            <button
              type="button"
              className="w-full rounded px-2 py-1 text-start text-sm font-semibold text-primary-ink hover:bg-primary/10"
              disabled={busy}
              onClick={() => {
                onPick({ id: 0, name: options.newName! });
                setTyped('');
              }}
            >
              {t('proxies.tagPicker.addNew', { name: options.newName })}
            </button>
          </li>
        )}
        {options.existing.map((tag) => (
          <li key={tag.id}>
            <button
              type="button"
              aria-pressed={chosen?.id === tag.id}
              className={`w-full rounded px-2 py-1 text-start text-sm hover:bg-primary/10 ${
                chosen?.id === tag.id ? 'bg-primary/15 font-semibold' : ''
              }`}
              onClick={() => setChosen(tag)}
              onDoubleClick={() => onPick(tag)}
            >
              {tag.name}
            </button>
          </li>
        ))}
        {!options.newName && options.existing.length === 0 && typed.trim() !== '' && (
          <li className="px-2 py-1 text-sm text-muted">{t('proxies.tagPicker.nothing')}</li>
        )}
      </ul>
      {!pick && typed.trim() === '' && chosen === null && (
        <p className="text-xs text-muted">{t('proxies.tagPicker.needChoice')}</p>
      )}
    </div>
  );
}
