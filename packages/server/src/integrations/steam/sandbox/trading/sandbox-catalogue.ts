/**
 * The items sandbox inventories are made of: real-looking names, types, exteriors and rarities per game, with
 * a reference price in US cents (integer minor units). Prices of CS2 skins fall with wear.
 */
import { ITEM_EXTERIORS, type ItemExterior, type TradeGame } from '@tradedeck/sdk/domain';

export interface CatalogueEntry {
  name: string;
  type: string;
  rarity: string;
  /** Reference price in US cents of the best exterior (or of the item when it has none). */
  priceCents: number;
  /** Whether the item comes in the five CS2 exteriors. */
  wears: boolean;
}

const skin = (name: string, rarity: string, priceCents: number, type = 'Rifle'): CatalogueEntry => ({
  name,
  type: `${rarity} ${type}`,
  rarity,
  priceCents,
  wears: true,
});
const plain = (name: string, type: string, rarity: string, priceCents: number): CatalogueEntry => ({
  name,
  type,
  rarity,
  priceCents,
  wears: false,
});

export const SANDBOX_CATALOGUE: Readonly<Record<TradeGame, readonly CatalogueEntry[]>> = {
  cs2: [
    skin('AK-47 | Redline', 'Classified', 4200),
    skin('AK-47 | Slate', 'Restricted', 890),
    skin('AK-47 | Elite Build', 'Mil-Spec', 310),
    skin('AWP | Asiimov', 'Covert', 16500, 'Sniper Rifle'),
    skin('AWP | Atheris', 'Restricted', 740, 'Sniper Rifle'),
    skin('AWP | Safari Mesh', 'Industrial', 45, 'Sniper Rifle'),
    skin('M4A1-S | Decimator', 'Classified', 2100),
    skin('M4A4 | Desolate Space', 'Classified', 2650),
    skin('Glock-18 | Water Elemental', 'Restricted', 560, 'Pistol'),
    skin('USP-S | Cortex', 'Restricted', 480, 'Pistol'),
    skin('Desert Eagle | Blaze', 'Restricted', 61000, 'Pistol'),
    skin('P250 | Sand Dune', 'Consumer', 9, 'Pistol'),
    skin('MP9 | Storm', 'Consumer', 6, 'SMG'),
    skin('Nova | Predator', 'Industrial', 12, 'Shotgun'),
    skin('UMP-45 | Primal Saber', 'Classified', 690, 'SMG'),
    skin('M4A1-S | Knight', 'Contraband', 145000),
    plain('Clutch Case', 'Base Grade Container', 'Base Grade', 42),
    plain('Revolution Case', 'Base Grade Container', 'Base Grade', 55),
    plain('Sticker | Natus Vincere | Paris 2023', 'High Grade Sticker', 'High Grade', 35),
  ],
  dota2: [
    plain('Manifold Paradox', 'Arcana Dagger', 'Arcana', 2900),
    plain('Fractal Horns of Inner Abysm', 'Immortal Head', 'Immortal', 1150),
    plain('Golden Basher Blades', 'Legendary Weapon', 'Legendary', 8700),
    plain('Inscribed Dragonclaw Hook', 'Mythical Hook', 'Mythical', 42000),
    plain('Mask of the Burning Skies', 'Rare Head', 'Rare', 85),
    plain('Bracers of the Cavern Luminar', 'Uncommon Arms', 'Uncommon', 12),
    plain('Treasure of the Crimson Witness', 'Common Treasure', 'Common', 30),
  ],
  tf2: [
    plain('Mann Co. Supply Crate Key', 'Level 5 Tool', 'Unique', 210),
    plain('Refined Metal', 'Level 3 Craft Item', 'Unique', 7),
    plain('Team Captain', 'Level 10 Hat', 'Unique', 950),
    plain('Strange Rocket Launcher', 'Strange Rocket Launcher - Kills: 0', 'Strange', 95),
    plain('Burning Flames Team Captain', 'Level 10 Hat', 'Unusual', 125000),
  ],
  rust: [
    plain('Tempered AK47', 'Assault Rifle Skin', 'Rare', 4500),
    plain('Big Grin', 'Metal Facemask Skin', 'Rare', 1300),
    plain('Glory AK47', 'Assault Rifle Skin', 'Uncommon', 720),
    plain('Blackout Hoodie', 'Hoodie Skin', 'Common', 45),
    plain('Punishment Mask', 'Metal Facemask Skin', 'Rare', 2100),
  ],
  community: [
    plain('Heavy (Trading Card)', 'Team Fortress 2 Trading Card', 'Common', 6),
    plain('Sniper (Foil Trading Card)', 'Team Fortress 2 Foil Trading Card', 'Rare', 48),
    plain('Gabe (Trading Card)', 'Steam Trading Card', 'Common', 4),
    plain(':steamhappy:', 'Steam Emoticon', 'Uncommon', 11),
    plain(':csgoglobe:', 'Counter-Strike 2 Emoticon', 'Uncommon', 8),
    plain('Summer Sale Background', 'Steam Profile Background', 'Rare', 23),
    plain('Winter Sale Background', 'Steam Profile Background', 'Common', 5),
  ],
};

/** Share of the best exterior's price each exterior keeps. */
const WEAR_FACTOR = [1, 0.72, 0.55, 0.47, 0.41];

export function exteriorName(index: number): ItemExterior {
  return ITEM_EXTERIORS[index] ?? ITEM_EXTERIORS[2];
}

export function priceOf(entry: CatalogueEntry, exteriorIndex: number | null): number {
  if (!entry.wears || exteriorIndex === null) return entry.priceCents;
  return Math.max(1, Math.round(entry.priceCents * (WEAR_FACTOR[exteriorIndex] ?? 0.5)));
}

export function displayName(entry: CatalogueEntry, exteriorIndex: number | null): string {
  return entry.wears && exteriorIndex !== null
    ? `${entry.name} (${exteriorName(exteriorIndex)})`
    : entry.name;
}
