/** A generated list for the table's test page and the benchmark: deterministic, any length. */
export interface FixtureRow {
  id: string;
  login: string;
  status: 0 | 1 | 2;
  proxy: string;
  balance: number;
  tag: string;
}

const TAGS = ['main', 'farm', 'trade', 'reserve', 'new'];

export function generateRows(count: number): FixtureRow[] {
  const rows: FixtureRow[] = new Array(count);
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let i = 0; i < count; i++) {
    const n = i + 1;
    rows[i] = {
      id: String(n),
      login: `trader_${String(n).padStart(6, '0')}`,
      status: Math.floor(next() * 3) as 0 | 1 | 2,
      proxy: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}:${1080 + (n % 50)}`,
      balance: Math.round(next() * 1_000_000),
      tag: TAGS[n % TAGS.length]!,
    };
  }
  return rows;
}

export function sortRows(
  rows: readonly FixtureRow[],
  key: string | undefined,
  descending: boolean,
): FixtureRow[] {
  if (!key) return rows as FixtureRow[];
  const k = key as keyof FixtureRow;
  const sorted = [...rows].sort((a, b) => (a[k] < b[k] ? -1 : a[k] > b[k] ? 1 : 0));
  return descending ? sorted.reverse() : sorted;
}
