import type { OperationClass } from '@tradedeck/sdk/contract';
import type { ComponentType } from 'react';
import type { Texts } from '../../i18n/define-texts.ts';
import type { TextKey } from '../../i18n/text-key.ts';
import type { CommandContext, CommandDef } from '../commands/command-types.ts';

/** One command of an area: its hotkeys and the extra English words the palette matches. */
export interface AreaCommand {
  hotkeys: readonly string[];
  keywords: readonly string[];
  /** What it does to the workspace's data, as the operation it calls (none: it only reads). */
  needs?: OperationClass;
}

/**
 * Commands one mounted view handles together (the screen, or one of its dialogs), by short name. `screen` ones are
 * live while the area's screen is open, `dialog` ones in the dialog on top, `global` ones everywhere (their view
 * is mounted by the shell).
 */
export interface CommandSet {
  scope: 'screen' | 'dialog' | 'global';
  /** Only for a signed-in user (hidden from the palette otherwise). */
  signedIn?: boolean;
  commands: Readonly<Record<string, AreaCommand>>;
}

/** A text namespace of the area: the part the shell loads on every screen, the part its route loads. */
export interface AreaTextSpace {
  key: string;
  shell?: Texts;
  screen?: () => Promise<Texts>;
}

/** A page of the area under `/panel` (`path` relative to it). */
export interface AreaRoute {
  path: string;
  page: () => Promise<ComponentType>;
}

/** The area's entry in the palette and hotkeys: `nav.<area>` goes to its page. */
export interface AreaNav {
  path: string;
  hotkey: string;
  keywords: readonly string[];
}

interface AreaSpec<
  Name extends string,
  Sets extends Readonly<Record<string, CommandSet>>,
  Spaces extends readonly AreaTextSpace[],
> {
  /** Prefix of its command ids and text keys, and the hotkey scope of its screen. */
  name: Name;
  /** English words every command of the area matches. */
  keywords?: readonly string[];
  nav?: AreaNav;
  /** Its commands, by the view that handles them (`useCommandHandlers(area, set, handlers)`). */
  sets?: Sets;
  /** Pages under `/panel`: each route loads its page module and the area's screen texts together. */
  panelRoutes?: readonly AreaRoute[];
  /** Its text namespaces (`t('<key>.…')`). */
  texts?: Spaces;
}

/** An area's manifest: what the app composes (routes, commands, hotkeys, texts). */
export interface Area<
  Name extends string = string,
  Sets extends Readonly<Record<string, CommandSet>> = Readonly<Record<string, CommandSet>>,
  Spaces extends readonly AreaTextSpace[] = readonly AreaTextSpace[],
> extends AreaSpec<Name, Sets, Spaces> {
  sets: Sets;
  /** Every command of the area, with its generated id, title key, scope and keywords. */
  commands: readonly CommandDef[];
}

/** The ids of an area's commands: `<area>.<name>`, and `nav.<area>` when it has a page. */
export type AreaCommandId<A> =
  A extends Area<infer Name, infer Sets, readonly AreaTextSpace[]>
    ?
        | { [S in keyof Sets]: `${Name}.${keyof Sets[S]['commands'] & string}` }[keyof Sets]
        | (A extends { nav: AreaNav } ? `nav.${Name}` : never)
    : never;

type RuOf<T> = [T] extends [Texts<infer Ru>] ? Ru : unknown;
type ShellRu<S> = S extends { shell: infer T } ? RuOf<T> : unknown;
type ScreenRu<S> = S extends { screen: () => Promise<infer T> } ? RuOf<T> : unknown;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** The Russian tables (the key reference) of every text namespace of the areas, shell and screen parts together. */
export type AreasTexts<A> = UnionToIntersection<
  A extends Area<string, Readonly<Record<string, CommandSet>>, infer Spaces>
    ? {
        [I in keyof Spaces & `${number}`]: {
          [K in Spaces[I]['key']]: ShellRu<Spaces[I]> & ScreenRu<Spaces[I]>;
        };
      }[keyof Spaces & `${number}`]
    : never
>;

const signedIn = (ctx: CommandContext) => ctx.isSignedIn();

/**
 * Declares an area (`features/<area>/area.ts`). Titles are texts of the area's shell part: `<area>.navCommand`
 * for the page, `<area>.commands.<name>` for each command.
 */
export function defineArea<
  const Name extends string,
  const Sets extends Readonly<Record<string, CommandSet>> = Record<never, CommandSet>,
  const Spaces extends readonly AreaTextSpace[] = [],
  const Nav extends AreaNav | undefined = undefined,
>(
  spec: AreaSpec<Name, Sets, Spaces> & { nav?: Nav },
): Area<Name, Sets, Spaces> & (undefined extends Nav ? unknown : { nav: AreaNav }) {
  const sets = (spec.sets ?? {}) as Sets;
  const commands: CommandDef[] = [];
  if (spec.nav) {
    const { path, hotkey, keywords } = spec.nav;
    commands.push({
      id: `nav.${spec.name}`,
      titleKey: `${spec.name}.navCommand` as TextKey,
      keywords,
      group: 'navigation',
      scope: 'global',
      hotkeys: [hotkey],
      palette: true,
      enabled: signedIn,
      run: (ctx) => ctx.navigate(path),
    });
  }
  for (const set of Object.values(sets)) {
    for (const [name, command] of Object.entries(set.commands)) {
      commands.push({
        id: `${spec.name}.${name}`,
        titleKey: `${spec.name}.commands.${name}` as TextKey,
        keywords: [...(spec.keywords ?? []), ...command.keywords],
        group: 'general',
        scope: set.scope === 'screen' ? spec.name : set.scope,
        hotkeys: command.hotkeys,
        palette: true,
        ...(command.needs ? { needs: command.needs } : {}),
        ...(set.signedIn ? { enabled: signedIn } : {}),
      });
    }
  }
  // `nav` is kept in the type only when the spec has it: `nav.<area>` is then a command id.
  return { ...spec, sets, commands } as Area<Name, Sets, Spaces> &
    (undefined extends Nav ? unknown : { nav: AreaNav });
}
