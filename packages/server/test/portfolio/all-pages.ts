import { expect } from 'vitest';

export type PortfolioRowJson = Record<string, unknown>;

/** A page of `portfolio.query` as the API answers it. */
export interface PortfolioPageJson {
  items: PortfolioRowJson[];
  nextCursor: string | null;
  total: number;
}

/**
 * Every row of a portfolio query, page after page by cursor (`ask` reads the page after the cursor given), with
 * each value's age set aside: it moves with the clock between two reads, the rest must be the same.
 */
export async function allPages(
  ask: (after: string | null) => Promise<PortfolioPageJson>,
): Promise<PortfolioRowJson[]> {
  const rows: PortfolioRowJson[] = [];
  let after: string | null = null;
  do {
    const page: PortfolioPageJson = await ask(after);
    rows.push(
      ...page.items.map((row) =>
        row.unitValue ? { ...row, unitValue: { ...(row.unitValue as object), ageSeconds: 0 } } : row,
      ),
    );
    after = page.nextCursor;
    if (!after) expect(rows).toHaveLength(page.total);
  } while (after);
  return rows;
}
