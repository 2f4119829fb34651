import type { PortfolioRow, PortfolioSelection } from '@tradedeck/sdk/contract';

/** The table's id of a row: the item, the account, or the asset (`account:context:asset`) of a flat row. */
export const rowId = (row: PortfolioRow) =>
  row.kind === 'item'
    ? `${row.game}:${row.marketHashName}`
    : row.kind === 'account'
      ? String(row.accountId)
      : `${row.accountId}:${row.contextId}:${row.assetId}`;

/** The assets of flat rows picked in the table. */
export function selectedAssets(rowIds: readonly string[]): PortfolioSelection {
  return rowIds.map((id) => {
    const [accountId, , assetId] = id.split(':');
    return { accountId: Number(accountId), assetId: assetId! };
  });
}

/** How an action's answer names a picked asset. */
export const assetKey = (asset: { accountId: number; assetId: string }) =>
  `${asset.accountId}/${asset.assetId}`;

/** The names the screen can give the picked assets ("name · login"), from the flat rows it holds. */
export function assetLabels(rows: readonly PortfolioRow[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const row of rows) if (row.kind === 'asset') labels.set(assetKey(row), `${row.name} · ${row.login}`);
  return labels;
}

/** The accounts the picked assets are on, each once, in the order first picked. */
export const accountsOf = (assets: PortfolioSelection) => [
  ...new Set(assets.map((asset) => asset.accountId)),
];
