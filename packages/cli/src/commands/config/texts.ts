import { defineTexts } from '../../texts/registry.ts';

/** Texts of `tradedeck config get|set`. */
export const configTexts = defineTexts('config', {
  en: {
    configDescription: 'show or change saved settings',
    configGetDescription: 'print a saved setting (or all of them)',
    configSetDescription: 'save a setting: server, language',
    unknownSetting: 'Unknown setting "{key}"; known: {known}',
    saved: 'Saved {key} = {value}',
  },
  ru: {
    configDescription: 'показать или изменить сохранённые настройки',
    configGetDescription: 'вывести сохранённую настройку (или все)',
    configSetDescription: 'сохранить настройку: server, language',
    unknownSetting: 'Неизвестная настройка "{key}"; есть: {known}',
    saved: 'Сохранено: {key} = {value}',
  },
});
