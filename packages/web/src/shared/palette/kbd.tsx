import { useTranslation } from 'react-i18next';
import { strokeLabels } from '../commands/key-names.ts';

/** A hotkey as key caps: `g d` → [G] then [D]; `mod+k` → [Ctrl][K]. */
export function Hotkey({ hotkey }: { hotkey: string }) {
  const { t } = useTranslation();
  const steps = hotkey.split(' ');
  return (
    <span className="inline-flex items-center gap-1 text-[11px] text-muted">
      {steps.map((step, index) => (
        <span key={step} className="inline-flex items-center gap-1">
          {index > 0 && <span>{t('hotkeys.sequence')}</span>}
          {strokeLabels(step).map((label) => (
            <kbd
              key={label}
              className="min-w-5 rounded border border-slate-300 bg-slate-50 px-1 py-px text-center font-sans font-medium text-slate-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-300"
            >
              {label}
            </kbd>
          ))}
        </span>
      ))}
    </span>
  );
}
