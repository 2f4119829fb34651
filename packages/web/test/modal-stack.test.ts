import { describe, expect, it } from 'vitest';
import { ModalClosedError, ModalStack } from '../src/shared/modals/modal-stack.ts';

const render = () => null;

describe('modal stack', () => {
  it('stacks at z-index 1000 + level × 10, a child one level above its parent', () => {
    const stack = new ModalStack();
    void stack.open(render, { width: 600 });
    const parent = stack.topmost!;
    void stack.open(render, { parentId: parent.id, width: 400 });
    const child = stack.topmost!;
    expect([parent.level, parent.zIndex, parent.width]).toEqual([0, 1000, 600]);
    expect([child.level, child.zIndex, child.width]).toEqual([1, 1010, 400]);
  });

  it('Escape closes only the topmost modal, and not a persistent one', async () => {
    const stack = new ModalStack();
    const first = stack.open(render);
    const second = stack.open(render, { persistent: true });
    expect(stack.escape()).toBe(false);
    expect(stack.entries).toHaveLength(2);
    stack.close(stack.topmost!.id, 'done');
    await expect(second).resolves.toBe('done');
    expect(stack.escape()).toBe(true);
    await expect(first).rejects.toMatchObject({ reason: 'dismissed' });
    expect(stack.entries).toHaveLength(0);
    expect(stack.escape()).toBe(false);
  });

  it('an outside click dismisses the topmost non-persistent modal only', () => {
    const stack = new ModalStack();
    void stack.open(render);
    const bottom = stack.topmost!;
    void stack.open(render, { persistent: true });
    const top = stack.topmost!;
    expect(stack.outsideClick(bottom.id)).toBe(false);
    expect(stack.outsideClick(top.id)).toBe(false);
    stack.dismiss(top.id);
    expect(stack.outsideClick(bottom.id)).toBe(true);
    expect(stack.entries).toHaveLength(0);
  });

  it('closing a parent rejects its children and grandchildren, not its siblings', async () => {
    const stack = new ModalStack();
    const parentResult = stack.open(render);
    const parent = stack.topmost!;
    const sibling = stack.open(render);
    const siblingEntry = stack.topmost!;
    const child = stack.controls(parent.id).openChild(render);
    const childEntry = stack.topmost!;
    const grandchild = stack.controls(childEntry.id).openChild(render);
    stack.close(parent.id, 42);
    await expect(parentResult).resolves.toBe(42);
    await expect(child).rejects.toBeInstanceOf(ModalClosedError);
    await expect(grandchild).rejects.toMatchObject({ reason: 'parentClosed' });
    expect(stack.entries.map((e) => e.id)).toEqual([siblingEntry.id]);
    stack.close(siblingEntry.id);
    await expect(sibling).resolves.toBeUndefined();
  });

  it('refuses a child of a modal that is already closed', async () => {
    const stack = new ModalStack();
    void stack.open(render);
    const gone = stack.topmost!;
    stack.dismiss(gone.id);
    await expect(stack.open(render, { parentId: gone.id })).rejects.toMatchObject({ reason: 'parentClosed' });
    expect(stack.entries).toHaveLength(0);
  });
});
