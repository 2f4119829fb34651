import type { i18n } from 'i18next';
import type { Area } from './define-area.ts';

const added = new WeakMap<i18n, Set<string>>();

/**
 * Adds the screen texts of the areas (merged over each area's shell part), once per text namespace: they load with
 * the area's route, so the panel's first load carries none of them.
 */
export async function loadAreaTexts(instance: i18n, areas: readonly Area[]): Promise<void> {
  const done = added.get(instance) ?? new Set<string>();
  added.set(instance, done);
  const missing = areas
    .flatMap((area) => area.texts ?? [])
    .filter((space) => space.screen && !done.has(space.key));
  const loaded = await Promise.all(missing.map((space) => space.screen!()));
  loaded.forEach((texts, index) => {
    const { key } = missing[index]!;
    instance.addResourceBundle('ru', 'translation', { [key]: texts.ru }, true, true);
    instance.addResourceBundle('en', 'translation', { [key]: texts.en }, true, true);
    done.add(key);
  });
}
