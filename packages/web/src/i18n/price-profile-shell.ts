/** The priceProfile texts the shell shows on every screen (the command palette's commands); the rest load with the screen. */
export const priceProfileShellRu = {
  commands: {
    paste: 'Ценовой профиль: вставить цены',
    history: 'Ценовой профиль: история цены предмета под курсором',
    search: 'Ценовой профиль: поиск',
    refresh: 'Ценовой профиль: обновить',
  },
} as const;

export const priceProfileShellEn = {
  commands: {
    paste: 'Price profile: paste prices',
    history: 'Price profile: price history of the item under the cursor',
    search: 'Price profile: search',
    refresh: 'Price profile: refresh',
  },
} as const;
