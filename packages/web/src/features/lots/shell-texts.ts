import { defineTexts } from '../../i18n/define-texts.ts';
/** The lots texts the shell shows on every screen (the command palette's commands); the rest load with the screen. */
export const lotsShellTexts = defineTexts(
  {
    navCommand: 'P2P: лоты',
    commands: {
      reprice: 'Лоты: переоценить выбранные',
      thresholds: 'Лоты: задать пороги выбранным',
      remove: 'Лоты: удалить выбранные',
      copy: 'Лоты: копировать пороги и профиль на выбранные',
      sync: 'Лоты: синхронизировать с маркетом',
      expand: 'Лоты: развернуть или свернуть группу под курсором',
      search: 'Лоты: поиск',
      refresh: 'Лоты: обновить список',
    },
  },
  {
    navCommand: 'P2P: lots',
    commands: {
      reprice: 'Lots: reprice the selected',
      thresholds: 'Lots: set thresholds of the selected',
      remove: 'Lots: delete the selected',
      copy: 'Lots: copy thresholds and profile to the selected',
      sync: 'Lots: sync with the market',
      expand: 'Lots: expand or collapse the group under the cursor',
      search: 'Lots: search',
      refresh: 'Lots: refresh the list',
    },
  },
);
