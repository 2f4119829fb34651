import type { SellerPlatform } from '@tradedeck/sdk/domain';

/** A market's chip (lots, sales): the same look wherever a row names the market it sells on. */
export function MarketChip({
  platform,
  label,
  testId,
}: {
  platform: SellerPlatform;
  label: string;
  testId: string;
}) {
  return (
    <span
      className="shrink-0 rounded-full border px-1.5 py-0.5 text-[11px] font-medium"
      data-testid={testId}
      data-market={platform}
    >
      {label}
    </span>
  );
}
