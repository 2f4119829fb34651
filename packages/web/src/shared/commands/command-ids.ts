/**
 * The app's command ids and areas. `app/areas.ts` composes every area's manifest and the shell's commands, and
 * registers the union of their ids and the areas' types here (declaration merging, the way i18next learns its
 * keys), so running or handling an unknown command fails `tsc`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by app/areas.ts
export interface CommandRegistry {}

export type CommandId = CommandRegistry extends { id: infer Id extends string } ? Id : string;

/** The command sets of each area, by area name (from `features/<area>/area.ts`). */
export type RegisteredSets = CommandRegistry extends { sets: infer Sets } ? Sets : Record<string, never>;
