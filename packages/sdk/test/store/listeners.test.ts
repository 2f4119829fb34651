import { describe, expect, it } from 'vitest';
import { Listeners } from '../../src/store/listeners.ts';

class Counter extends Listeners<[number]> {
  #count = 0;
  add(): void {
    this.#count += 1;
    this.notify(this.#count);
  }
}

describe('store listeners', () => {
  it('notifies subscribers in order with the change until they unsubscribe', () => {
    const counter = new Counter();
    const heard: string[] = [];
    const { subscribe } = counter;
    const stopFirst = subscribe((count) => heard.push(`first ${count}`));
    counter.subscribe((count) => heard.push(`second ${count}`));
    counter.add();
    stopFirst();
    counter.add();
    expect(heard).toEqual(['first 1', 'second 1', 'second 2']);
  });
});
