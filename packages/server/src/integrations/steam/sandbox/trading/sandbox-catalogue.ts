/**
 * The items sandbox inventories are made of: real-looking names, types, exteriors and rarities per game, with
 * a reference price in USD thousandths (the one money scale, `MONEY_SCALE`). Prices of CS2 skins fall with wear.
 */
import { ITEM_EXTERIORS, type ItemExterior, type TradeGame } from '@tradedeck/sdk/domain';

export interface CatalogueEntry {
  name: string;
  type: string;
  rarity: string;
  /** Reference price in USD thousandths of the best exterior (or of the item when it has none). */
  price: number;
  /** Whether the item comes in the five CS2 exteriors. */
  wears: boolean;
}

const skin = (name: string, rarity: string, price: number, type = 'Rifle'): CatalogueEntry => ({
  name,
  type: `${rarity} ${type}`,
  rarity,
  price,
  wears: true,
});
const plain = (name: string, type: string, rarity: string, price: number): CatalogueEntry => ({
  name,
  type,
  rarity,
  price,
  wears: false,
});

export const SANDBOX_CATALOGUE: Readonly<Record<TradeGame, readonly CatalogueEntry[]>> = {
  cs2: [
    skin('AK-47 | Redline', 'Classified', 42000),
    skin('AK-47 | Slate', 'Restricted', 8900),
    skin('AK-47 | Elite Build', 'Mil-Spec', 3100),
    skin('AWP | Asiimov', 'Covert', 165000, 'Sniper Rifle'),
    skin('AWP | Atheris', 'Restricted', 7400, 'Sniper Rifle'),
    skin('AWP | Safari Mesh', 'Industrial', 450, 'Sniper Rifle'),
    skin('M4A1-S | Decimator', 'Classified', 21000),
    skin('M4A4 | Desolate Space', 'Classified', 26500),
    skin('Glock-18 | Water Elemental', 'Restricted', 5600, 'Pistol'),
    skin('USP-S | Cortex', 'Restricted', 4800, 'Pistol'),
    skin('Desert Eagle | Blaze', 'Restricted', 610000, 'Pistol'),
    skin('P250 | Sand Dune', 'Consumer', 90, 'Pistol'),
    skin('MP9 | Storm', 'Consumer', 60, 'SMG'),
    skin('Nova | Predator', 'Industrial', 120, 'Shotgun'),
    skin('UMP-45 | Primal Saber', 'Classified', 6900, 'SMG'),
    skin('M4A1-S | Knight', 'Contraband', 1450000),
    plain('Clutch Case', 'Base Grade Container', 'Base Grade', 420),
    plain('Revolution Case', 'Base Grade Container', 'Base Grade', 550),
    plain('Sticker | Natus Vincere | Paris 2023', 'High Grade Sticker', 'High Grade', 350),
  ],
  dota2: [
    plain('Manifold Paradox', 'Arcana Dagger', 'Arcana', 29000),
    plain('Fractal Horns of Inner Abysm', 'Immortal Head', 'Immortal', 11500),
    plain('Golden Basher Blades', 'Legendary Weapon', 'Legendary', 87000),
    plain('Inscribed Dragonclaw Hook', 'Mythical Hook', 'Mythical', 420000),
    plain('Mask of the Burning Skies', 'Rare Head', 'Rare', 850),
    plain('Bracers of the Cavern Luminar', 'Uncommon Arms', 'Uncommon', 120),
    plain('Treasure of the Crimson Witness', 'Common Treasure', 'Common', 300),
  ],
  tf2: [
    plain('Mann Co. Supply Crate Key', 'Level 5 Tool', 'Unique', 2100),
    plain('Refined Metal', 'Level 3 Craft Item', 'Unique', 70),
    plain('Team Captain', 'Level 10 Hat', 'Unique', 9500),
    plain('Strange Rocket Launcher', 'Strange Rocket Launcher - Kills: 0', 'Strange', 950),
    plain('Burning Flames Team Captain', 'Level 10 Hat', 'Unusual', 1250000),
  ],
  rust: [
    plain('Tempered AK47', 'Assault Rifle Skin', 'Rare', 45000),
    plain('Big Grin', 'Metal Facemask Skin', 'Rare', 13000),
    plain('Glory AK47', 'Assault Rifle Skin', 'Uncommon', 7200),
    plain('Blackout Hoodie', 'Hoodie Skin', 'Common', 450),
    plain('Punishment Mask', 'Metal Facemask Skin', 'Rare', 21000),
  ],
  community: [
    plain('Heavy (Trading Card)', 'Team Fortress 2 Trading Card', 'Common', 60),
    plain('Sniper (Foil Trading Card)', 'Team Fortress 2 Foil Trading Card', 'Rare', 480),
    plain('Gabe (Trading Card)', 'Steam Trading Card', 'Common', 40),
    plain(':steamhappy:', 'Steam Emoticon', 'Uncommon', 110),
    plain(':csgoglobe:', 'Counter-Strike 2 Emoticon', 'Uncommon', 80),
    plain('Summer Sale Background', 'Steam Profile Background', 'Rare', 230),
    plain('Winter Sale Background', 'Steam Profile Background', 'Common', 50),
  ],
};

/** Share of the best exterior's price each exterior keeps. */
const WEAR_FACTOR = [1, 0.72, 0.55, 0.47, 0.41];

export function exteriorName(index: number): ItemExterior {
  return ITEM_EXTERIORS[index] ?? ITEM_EXTERIORS[2];
}

export function priceOf(entry: CatalogueEntry, exteriorIndex: number | null): number {
  if (!entry.wears || exteriorIndex === null) return entry.price;
  // Rounded to the cent, as the prices were kept before thousandths.
  return Math.max(10, Math.round((entry.price / 10) * (WEAR_FACTOR[exteriorIndex] ?? 0.5)) * 10);
}

export function displayName(entry: CatalogueEntry, exteriorIndex: number | null): string {
  return entry.wears && exteriorIndex !== null
    ? `${entry.name} (${exteriorName(exteriorIndex)})`
    : entry.name;
}
