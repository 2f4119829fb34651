export interface TagLike {
  id: number;
  name: string;
}

interface TagOptions<T extends TagLike> {
  /** Existing tags to offer: not already on the item, matching the typed text. */
  existing: T[];
  /** The trimmed typed text offered as a new tag, or null. */
  newName: string | null;
}

const fold = (text: string) => text.trim().toLocaleLowerCase();
/** The longest tag name the server takes (`lists.ts` in the sdk contract). */
const TAG_NAME_MAX = 64;

/**
 * The spec's tag rules, for every tagged list (proxies, Steam accounts): the list of existing tags excludes the
 * ones the item already has; only non-blank typed text offers "add new" (cut to the longest name the server
 * takes), and not when a tag of that name exists (that tag is offered instead). Id 0 asks the server to create
 * the tag by name.
 */
export function tagOptions<T extends TagLike>(
  all: readonly T[],
  onItem: readonly Pick<TagLike, 'id'>[],
  typed: string,
): TagOptions<T> {
  const needle = fold(typed);
  const taken = new Set(onItem.map((tag) => tag.id));
  const existing = all.filter((tag) => !taken.has(tag.id) && fold(tag.name).includes(needle));
  const exact = all.some((tag) => fold(tag.name) === needle);
  return { existing, newName: needle !== '' && !exact ? typed.trim().slice(0, TAG_NAME_MAX) : null };
}

/** What the picker would add: the chosen existing tag, else the new name as id 0, else nothing. */
export function tagToAdd(
  chosen: TagLike | null,
  typed: string,
  options: TagOptions<TagLike>,
): TagLike | null {
  if (chosen) return { id: chosen.id, name: chosen.name };
  if (options.newName) return { id: 0, name: options.newName };
  const only = options.existing.length === 1 ? options.existing[0] : undefined;
  return only && fold(only.name) === fold(typed) ? { id: only.id, name: only.name } : null;
}

/**
 * The tag a typed name stands for: the existing tag of that name (letter case aside), else a new one by the
 * trimmed name (id 0); nothing for blank text.
 */
export function tagNamed(all: readonly TagLike[], typed: string): TagLike | null {
  const name = typed.trim();
  if (!name) return null;
  const existing = all.find((tag) => fold(tag.name) === fold(name));
  return existing ? { id: existing.id, name: existing.name } : { id: 0, name: name.slice(0, TAG_NAME_MAX) };
}
