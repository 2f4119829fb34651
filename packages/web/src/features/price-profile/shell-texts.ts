import { defineTexts } from '../../i18n/define-texts.ts';
/** The priceProfile texts the shell shows on every screen (the command palette's commands); the rest load with the screen. */
export const priceProfileShellTexts = defineTexts(
  {
    navCommand: 'P2P: ценовой профиль',
    commands: {
      paste: 'Ценовой профиль: вставить цены',
      history: 'Ценовой профиль: история цены предмета под курсором',
      search: 'Ценовой профиль: поиск',
      refresh: 'Ценовой профиль: обновить',
    },
  },
  {
    navCommand: 'P2P: price profile',
    commands: {
      paste: 'Price profile: paste prices',
      history: 'Price profile: price history of the item under the cursor',
      search: 'Price profile: search',
      refresh: 'Price profile: refresh',
    },
  },
);
