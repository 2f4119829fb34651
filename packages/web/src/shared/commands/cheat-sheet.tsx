import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppServices } from '../app-services.tsx';
import { ModalFrame } from '../modals/modal-frame.tsx';
import { Hotkey } from '../palette/kbd.tsx';
import type { CommandDef, CommandGroup } from './command-types.ts';
import { normalizeText } from './layout-match.ts';

const GROUPS: CommandGroup[] = ['general', 'navigation', 'appearance', 'table', 'dialog'];

/** `?`: every hotkey of the registry, grouped, searchable. */
export function openCheatSheet(services: Pick<AppServices, 'modals' | 'commands'>): void {
  const { definitions } = services.commands;
  void services.modals.open((controls) => <CheatSheet onClose={controls.dismiss} commands={definitions} />, {
    width: 720,
  });
}

function CheatSheet({ onClose, commands }: { onClose: () => void; commands: readonly CommandDef[] }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const needle = normalizeText(filter);
  return (
    <ModalFrame title={t('cheatSheet.title')} onClose={onClose}>
      <input
        data-autofocus
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder={t('cheatSheet.filter')}
        aria-label={t('cheatSheet.filter')}
        className="mb-4 w-full rounded-md border border-slate-300 bg-transparent px-3 py-1.5 text-sm outline-none focus:border-primary dark:border-slate-600"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {GROUPS.map((group) => {
          const list = commands.filter(
            (def) =>
              def.group === group && def.hotkeys?.length && normalizeText(t(def.titleKey)).includes(needle),
          );
          if (list.length === 0) return null;
          return (
            <section key={group}>
              <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
                {t(`cheatSheet.groups.${group}`)}
              </h3>
              <ul className="space-y-1.5">
                {list.map((def) => (
                  <li key={def.id} className="flex items-center justify-between gap-3">
                    <span>{t(def.titleKey)}</span>
                    <span className="flex gap-2">
                      {def.hotkeys!.map((hotkey) => (
                        <Hotkey key={hotkey} hotkey={hotkey} />
                      ))}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </ModalFrame>
  );
}
