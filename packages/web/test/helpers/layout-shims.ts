/** cmdk watches its list's size and scrolls the chosen item into view; jsdom has neither. */
export function installLayoutShims(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
}
