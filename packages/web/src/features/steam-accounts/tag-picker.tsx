import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TagLike, tagOptions, tagToAdd } from '../../shared/tags/tag-rules.ts';
import { ActButton } from '../../shared/workspace/act-gate.tsx';
import { PRIMARY_BUTTON } from './ui.ts';

/** Find an existing tag or type a new one, then Add; tags already on the item are not offered. */
export function TagPicker({
  all,
  alreadyOn,
  busy,
  actionLabel,
  onPick,
}: {
  all: readonly TagLike[];
  alreadyOn: readonly number[];
  busy: boolean;
  actionLabel?: string;
  onPick(tag: TagLike): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<TagLike | null>(null);
  const { existing: options, newName: createName } = tagOptions(
    all,
    alreadyOn.map((id) => ({ id })),
    typed,
  );
  const choice = tagToAdd(picked, typed, { existing: options, newName: createName });
  const submit = async () => {
    if (!choice) return;
    await onPick(choice);
    setTyped('');
    setPicked(null);
  };
  return (
    <div className="space-y-1.5">
      <div className="flex gap-2">
        <input
          value={picked ? picked.name : typed}
          onChange={(event) => {
            setPicked(null);
            setTyped(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && choice) {
              event.preventDefault();
              void submit();
            }
          }}
          placeholder={t('steamAccounts.tags.placeholder')}
          aria-label={t('steamAccounts.tags.placeholder')}
          aria-controls={listId}
          maxLength={64}
          className="input flex-1"
        />
        <ActButton className={PRIMARY_BUTTON} disabled={!choice || busy} onClick={() => void submit()}>
          {actionLabel ?? t('steamAccounts.tags.add')}
        </ActButton>
      </div>
      <ul id={listId} className="flex max-h-28 flex-wrap gap-1.5 overflow-auto">
        {createName && !picked && (
          <li>
            <button
              type="button"
              onClick={() => setPicked({ id: 0, name: createName })}
              className="rounded-full border border-dashed border-primary px-2.5 py-0.5 text-xs text-primary-ink"
            >
              {t('steamAccounts.tags.create', { name: createName })}
            </button>
          </li>
        )}
        {options.slice(0, 30).map((tag) => (
          <li key={tag.id}>
            <button
              type="button"
              aria-pressed={picked?.id === tag.id}
              onClick={() => setPicked(tag)}
              className={`rounded-full border px-2.5 py-0.5 text-xs ${
                picked?.id === tag.id
                  ? 'border-primary bg-primary/10 text-primary-ink'
                  : 'border-slate-300 hover:border-primary dark:border-slate-600'
              }`}
            >
              {tag.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
