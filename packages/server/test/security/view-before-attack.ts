import { expect } from 'vitest';

/**
 * What the victim sees, read before the first attack of a check and compared at the check's end. Read per check,
 * not once per walk: the victim's own background work (a job, a sync) may move its rows between checks minutes
 * apart on a loaded machine, and only the attacks' effect is under test. Compared as values, so a failure names
 * the field that moved. Kept per test app: test files share modules (vitest runs them unisolated), and two walks
 * in one worker must not read each other's views.
 */
export function viewBeforeAttack<C extends { t: object }>(view: (ctx: C) => Promise<string>) {
  const checks = new WeakMap<object, { before: string; open: boolean }>();
  return {
    /** Reads the view unless a check is already open (later attacks of one check may name missing ids). */
    async take(ctx: C): Promise<void> {
      if (checks.get(ctx.t)?.open) return;
      checks.set(ctx.t, { before: await view(ctx), open: true });
    },
    /** Compares with the view read at the last check's first attack, and closes the check. */
    async unchanged(ctx: C): Promise<void> {
      const check = checks.get(ctx.t);
      expect(check, 'the view is read before the first attack').toBeDefined();
      check!.open = false;
      expect(JSON.parse(await view(ctx))).toEqual(JSON.parse(check!.before));
    },
  };
}
