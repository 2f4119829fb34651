/** Ids per statement when linking, unlinking or reading many proxies: bounds the size of one message. */
export const LINK_CHUNK = 10_000;

/** The items in slices of at most `size`, in order. */
export function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Appends the value to the key's list, starting the list when the key has none. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
