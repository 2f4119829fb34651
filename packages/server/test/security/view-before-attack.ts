import { expect } from 'vitest';

/**
 * What the victim sees, read before the first attack of a check and compared at the check's end. Read per check,
 * not once per walk: the victim's own background work (a job, a sync) may move its rows between checks minutes
 * apart on a loaded machine, and only the attacks' effect is under test. Compared as values, so a failure names
 * the field that moved.
 */
export function viewBeforeAttack<C>(view: (ctx: C) => Promise<string>) {
  let before: string | null = null;
  let open = false;
  return {
    /** Reads the view unless a check is already open (later attacks of one check may name missing ids). */
    async take(ctx: C): Promise<void> {
      if (open) return;
      before = await view(ctx);
      open = true;
    },
    /** Compares with the view read at the last check's first attack, and closes the check. */
    async unchanged(ctx: C): Promise<void> {
      expect(before, 'the view is read before the first attack').not.toBeNull();
      open = false;
      expect(JSON.parse(await view(ctx))).toEqual(JSON.parse(before!));
    },
  };
}
