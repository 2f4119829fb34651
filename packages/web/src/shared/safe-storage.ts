/** The browser's storage, or null where it is refused (private modes, sandboxed frames). */
export function safeStorage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}
