/**
 * A small chart of one series over time, drawn as SVG: bars (revenue per day) or a line (a price's history).
 * Each point carries a tooltip with its label and value; the values are integer amounts the caller formats.
 */
export interface SeriesPoint {
  /** Unique within the series (an ISO day or time). */
  key: string;
  /** The x axis label (a day, a time). */
  label: string;
  value: number;
}

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 64, right: 8, top: 8, bottom: 24 };
const GRID_LINES = 4;
const X_LABELS = 6;
/** Roughly how wide one character of a 10 px axis label is, in the chart's units (digits and spaces). */
const LABEL_CHAR_WIDTH = 6;

/** A bar with any value above zero is at least this tall (in chart units), however small beside the largest. */
export const MIN_BAR_HEIGHT = 2;

/** The height of a bar: its share of the plot, at least `MIN_BAR_HEIGHT` when above zero, none at zero or below. */
export function barHeight(value: number, top: number, plotHeight: number): number {
  if (!(value > 0) || !(top > 0)) return 0;
  return Math.min(plotHeight, Math.max(MIN_BAR_HEIGHT, (value / top) * plotHeight));
}

/** The top of the y axis: the maximum rounded up to 1, 2 or 5 times a power of ten. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}

export function SeriesChart({
  title,
  points,
  kind,
  formatValue,
  emptyText,
  testId,
}: {
  title: string;
  points: readonly SeriesPoint[];
  kind: 'bars' | 'line';
  formatValue(value: number): string;
  emptyText: string;
  testId?: string;
}) {
  if (points.length === 0) {
    return (
      <p className="py-8 text-center text-sm text-muted" data-testid={testId}>
        {emptyText}
      </p>
    );
  }
  const top = niceCeiling(Math.max(...points.map((point) => point.value)));
  const grid = Array.from({ length: GRID_LINES + 1 }, (_, step) => (top * step) / GRID_LINES);
  // The y labels get the room their longest one needs (100 000,00 ₽ does not fit the default).
  const left = Math.max(
    PAD.left,
    Math.max(...grid.map((value) => formatValue(value).length)) * LABEL_CHAR_WIDTH + 10,
  );
  const plotWidth = WIDTH - left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / points.length;
  const x = (index: number) => left + slot * index + slot / 2;
  const y = (value: number) => PAD.top + plotHeight - (Math.max(value, 0) / top) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(points.length / X_LABELS));

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={title}
      className="h-auto w-full text-slate-500"
      data-testid={testId}
      data-points={points.length}
    >
      {grid.map((value) => (
        <g key={value}>
          <line
            x1={left}
            x2={WIDTH - PAD.right}
            y1={y(value)}
            y2={y(value)}
            className="stroke-slate-200 dark:stroke-slate-700"
          />
          <text x={left - 6} y={y(value) + 4} textAnchor="end" className="fill-current text-[10px]">
            {formatValue(Math.round(value))}
          </text>
        </g>
      ))}
      {kind === 'line' && (
        <polyline
          fill="none"
          strokeWidth={2}
          className="stroke-primary"
          points={points.map((point, index) => `${x(index)},${y(point.value)}`).join(' ')}
        />
      )}
      {points.map((point, index) => (
        <g key={point.key} data-testid="chart-point">
          <title>{`${point.label}: ${formatValue(point.value)}`}</title>
          {kind === 'bars' ? (
            <rect
              x={x(index) - (slot * 0.7) / 2}
              width={slot * 0.7}
              y={PAD.top + plotHeight - barHeight(point.value, top, plotHeight)}
              height={barHeight(point.value, top, plotHeight)}
              rx={2}
              className="fill-primary"
            />
          ) : (
            <circle cx={x(index)} cy={y(point.value)} r={3} className="fill-primary" />
          )}
          {index % labelEvery === 0 && (
            <text x={x(index)} y={HEIGHT - 6} textAnchor="middle" className="fill-current text-[10px]">
              {point.label}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}
