/** Browser and OS shortcuts the app must never take (copy, paste, close tab, find, new window, reload...). */
export const RESERVED_STROKES: readonly string[] = [
  ...'cvxzywftnmqlrpsdhjoug0123456789'.split('').map((key) => `mod+${key}`),
  'mod+b',
  'mod+shift+t',
  'mod+shift+n',
  'mod+shift+w',
  'mod+shift+i',
  'mod+shift+j',
  'mod+shift+delete',
  'mod+tab',
  'mod+shift+tab',
  'alt+d',
  'alt+arrowleft',
  'alt+arrowright',
  'f5',
  'f11',
  'f12',
];
