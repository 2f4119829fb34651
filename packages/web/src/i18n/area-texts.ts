import type { i18n } from 'i18next';

/** An area's screen texts in both languages (the language can change while the screen is open). */
interface AreaTexts {
  ru: object;
  en: object;
}

/**
 * The texts of each area's screens beyond what the shell shows everywhere (its palette commands): they load with
 * the area's route, so the panel's first load carries none of them.
 */
const areas = {
  proxies: () =>
    import('./proxies.ts').then((m) => ({ ru: { proxies: m.proxiesRu }, en: { proxies: m.proxiesEn } })),
  steamAccounts: () =>
    import('./steam-accounts.ts').then((m) => ({
      ru: { steamAccounts: m.steamAccountsRu },
      en: { steamAccounts: m.steamAccountsEn },
    })),
  inventory: () =>
    import('./inventory.ts').then((m) => ({
      ru: { inventory: m.inventoryRu },
      en: { inventory: m.inventoryEn },
    })),
  harvester: () =>
    import('./harvester.ts').then((m) => ({
      ru: { harvester: m.harvesterRu },
      en: { harvester: m.harvesterEn },
    })),
  p2pAccounts: () =>
    import('./p2p-accounts.ts').then((m) => ({
      ru: { p2pAccounts: m.p2pAccountsRu },
      en: { p2pAccounts: m.p2pAccountsEn },
    })),
  lots: () => import('./lots.ts').then((m) => ({ ru: { lots: m.lotsRu }, en: { lots: m.lotsEn } })),
  priceProfile: () =>
    import('./price-profile.ts').then((m) => ({
      ru: { priceProfile: m.priceProfileRu },
      en: { priceProfile: m.priceProfileEn },
    })),
  salesHistory: () =>
    import('./sales-history.ts').then((m) => ({
      ru: { salesHistory: m.salesHistoryRu },
      en: { salesHistory: m.salesHistoryEn },
    })),
} satisfies Record<string, () => Promise<AreaTexts>>;

export type TextArea = keyof typeof areas;

const added = new WeakMap<i18n, Set<TextArea>>();

/** Adds the areas' texts to the app's (merged over the shell's part of each area), once per area. */
export async function loadAreaTexts(instance: i18n, names: readonly TextArea[]): Promise<void> {
  const done = added.get(instance) ?? new Set<TextArea>();
  added.set(instance, done);
  const missing = names.filter((name) => !done.has(name));
  const loaded = await Promise.all(missing.map((name) => areas[name]()));
  loaded.forEach((texts, index) => {
    instance.addResourceBundle('ru', 'translation', texts.ru, true, true);
    instance.addResourceBundle('en', 'translation', texts.en, true, true);
    done.add(missing[index]!);
  });
}
