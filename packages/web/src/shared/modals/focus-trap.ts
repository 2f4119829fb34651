import { type RefObject, useEffect } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]',
].join(', ');

/** What Tab may reach inside a container, in document order (never tabindex="-1", nothing inert or hidden). */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (node) => node.tabIndex >= 0 && !node.closest('[inert], [hidden], [aria-hidden="true"]'),
  );
}

/** The element Tab (or Shift+Tab) moves to from `current`, cycling within `items`. */
export function nextTabStop(items: HTMLElement[], current: Element | null, backwards: boolean): HTMLElement {
  const index = current ? items.indexOf(current as HTMLElement) : -1;
  if (index === -1) return backwards ? items.at(-1)! : items[0]!;
  const next = (index + (backwards ? -1 : 1) + items.length) % items.length;
  return items[next]!;
}

/**
 * Keeps keyboard focus inside a dialog: focus moves in when it opens ([data-autofocus], else the first field or
 * button, else the panel), Tab and Shift+Tab cycle through the panel's own stops whatever holds focus (the panel
 * itself, the page body), focus that lands outside is brought back, and on close focus returns where it was.
 * Only the topmost dialog (`active`) traps; the one below takes over again when it becomes topmost.
 */
export function useFocusTrap(panel: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const node = panel.current;
    if (!node) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = node.querySelector<HTMLElement>('[data-autofocus]') ?? tabbables(node)[0];
    (first ?? node).focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [panel]);

  useEffect(() => {
    const node = panel.current;
    if (!node || !active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      event.preventDefault();
      const items = tabbables(node);
      if (items.length === 0) return node.focus();
      nextTabStop(items, document.activeElement, event.shiftKey).focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !node.contains(event.target)) (tabbables(node)[0] ?? node).focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [panel, active]);
}

/**
 * While a dialog is the topmost, everything else on the page is `inert`: no clicks, no focus, hidden from
 * assistive technology. The dialog's layer must be a child of <body> (modal layers render through a portal).
 */
export function useInertBackground(layer: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const own = layer.current;
    if (!own || !active) return;
    const marked: Element[] = [];
    for (const element of document.body.children) {
      if (element === own || element.contains(own) || element.hasAttribute('inert')) continue;
      if (element.tagName === 'SCRIPT') continue;
      element.setAttribute('inert', '');
      marked.push(element);
    }
    return () => {
      for (const element of marked) element.removeAttribute('inert');
    };
  }, [layer, active]);
}
