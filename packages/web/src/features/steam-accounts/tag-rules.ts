/**
 * Adding a tag (docs/web-steam-accounts.md "Dialogs"): only non-blank typed text offers "create", the existing tags listed exclude those the
 * item already has, and a selection or a new name is needed. Id 0 asks the server to create (or reuse) by name.
 */
export interface TagLike {
  id: number;
  name: string;
}

const TAG_NAME_MAX = 64;

export function tagOptions(
  all: readonly TagLike[],
  alreadyOn: readonly number[],
  typed: string,
): { options: TagLike[]; createName: string | null } {
  const needle = typed.trim().toLowerCase();
  const on = new Set(alreadyOn);
  const options = all.filter((tag) => !on.has(tag.id) && tag.name.toLowerCase().includes(needle));
  const name = typed.trim().slice(0, TAG_NAME_MAX);
  const exists = all.some((tag) => tag.name.toLowerCase() === needle);
  return { options, createName: name !== '' && !exists ? name : null };
}

/** What "Add" sends: the picked tag, else a typed name as a new tag (id 0); null disables the button. */
export function tagChoice(picked: TagLike | null, typed: string, all: readonly TagLike[]): TagLike | null {
  if (picked) return picked;
  const name = typed.trim().slice(0, TAG_NAME_MAX);
  if (name === '') return null;
  return all.find((tag) => tag.name.toLowerCase() === name.toLowerCase()) ?? { id: 0, name };
}
