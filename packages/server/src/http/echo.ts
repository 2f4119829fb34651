/** Characters of one input line an answer repeats back; enough to recognise the line in a list. */
export const MAX_ECHOED_CHARACTERS = 200;

/**
 * A line of the caller's input as an answer repeats it (in a list of invalid or repeated lines): cut to
 * {@link MAX_ECHOED_CHARACTERS} with an ellipsis, so one huge line cannot make a huge answer.
 */
export function echoedLine(text: string): string {
  if (text.length <= MAX_ECHOED_CHARACTERS) return text;
  // Never split a surrogate pair: the cut text stays valid UTF-16.
  let end = MAX_ECHOED_CHARACTERS - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
