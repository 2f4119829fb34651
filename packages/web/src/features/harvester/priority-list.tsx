import type { GiveBackType } from '@tradedeck/sdk/domain';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { moveItem } from './profile-form.ts';

/**
 * The give-back item type priority order. Each type is a focusable row: Alt+↑ / Alt+↓ (or the arrow buttons) move
 * it, and focus follows the moved row so it can be moved again at once.
 */
export function PriorityList({
  value,
  onChange,
  labelId,
}: {
  value: readonly GiveBackType[];
  onChange(next: GiveBackType[]): void;
  labelId: string;
}) {
  const { t } = useTranslation();
  const rows = useRef<Array<HTMLLIElement | null>>([]);
  const move = (index: number, delta: number) => {
    const to = index + delta;
    if (to < 0 || to >= value.length) return;
    onChange(moveItem(value, index, delta));
    requestAnimationFrame(() => rows.current[to]?.focus());
  };
  return (
    <ol aria-labelledby={labelId} className="space-y-1" data-testid="priority-list">
      {value.map((type, index) => {
        const name = t(`harvester.editor.types.${type}`);
        return (
          <li
            key={type}
            ref={(node) => {
              rows.current[index] = node;
            }}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the row is the handle that Alt+arrows move
            tabIndex={0}
            data-priority={type}
            className="flex items-center justify-between rounded-md border border-slate-200 px-2 py-1 text-sm focus:border-primary focus:outline-none dark:border-slate-700"
            onKeyDown={(event) => {
              if (!event.altKey) return;
              if (event.key === 'ArrowUp') move(index, -1);
              else if (event.key === 'ArrowDown') move(index, 1);
              else return;
              event.preventDefault();
            }}
          >
            <span>
              {index + 1}. {name}
            </span>
            <span className="flex gap-1">
              <button
                type="button"
                className="btn-ghost px-1.5"
                aria-label={t('harvester.editor.moveUp', { name })}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn-ghost px-1.5"
                aria-label={t('harvester.editor.moveDown', { name })}
                disabled={index === value.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
