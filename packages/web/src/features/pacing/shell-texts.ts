import { defineTexts } from '../../i18n/define-texts.ts';

/**
 * The Pacing texts the shell shows on every screen: the palette's commands and the rest a proxy or account row shows
 * (`shared/pacing/resting-cell.tsx`); the rest load with the screen.
 */
export const pacingShellTexts = defineTexts(
  {
    navCommand: 'Перейти: темп запросов',
    commands: { refresh: 'Темп запросов: обновить' },
    resting: 'Пауза Steam',
    restingUntil: 'до {{time}} ({{reason}})',
    restingUntilBare: 'до {{time}}',
  },
  {
    navCommand: 'Go to: pacing',
    commands: { refresh: 'Pacing: refresh' },
    resting: 'Steam rest',
    restingUntil: 'until {{time}} ({{reason}})',
    restingUntilBare: 'until {{time}}',
  },
);
