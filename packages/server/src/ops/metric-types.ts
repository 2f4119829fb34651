import type { Family, Labels, Sample } from './prometheus-text.ts';

const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels));

/** A counter per label set, kept in this process's memory. */
export class Counter {
  readonly #values = new Map<string, Sample>();

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels, by = 1): void {
    const key = keyOf(labels);
    const sample = this.#values.get(key);
    if (sample) sample.value += by;
    else this.#values.set(key, { labels, value: by });
  }

  family(): Family {
    return { name: this.name, help: this.help, type: 'counter', samples: [...this.#values.values()] };
  }
}

/** Latency buckets in seconds: a fast read to a slow import. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A histogram per label set (cumulative buckets, sum and count, as Prometheus reads them). */
export class Histogram {
  readonly #series = new Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly bounds: readonly number[] = LATENCY_BUCKETS,
  ) {}

  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    let series = this.#series.get(key);
    if (!series) {
      series = { labels, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    for (const [index, bound] of this.bounds.entries()) if (value <= bound) series.buckets[index]! += 1;
    series.sum += value;
    series.count += 1;
  }

  family(): Family {
    const samples: Sample[] = [];
    for (const { labels, buckets, sum, count } of this.#series.values()) {
      for (const [index, bound] of this.bounds.entries()) {
        samples.push({
          labels: { __name: `${this.name}_bucket`, ...labels, le: String(bound) },
          value: buckets[index]!,
        });
      }
      samples.push({ labels: { __name: `${this.name}_bucket`, ...labels, le: '+Inf' }, value: count });
      samples.push({ labels: { __name: `${this.name}_sum`, ...labels }, value: sum });
      samples.push({ labels: { __name: `${this.name}_count`, ...labels }, value: count });
    }
    return { name: this.name, help: this.help, type: 'histogram', samples };
  }
}

/** A gauge read at scrape time. */
export function gauge(name: string, help: string, samples: readonly Sample[]): Family {
  return { name, help, type: 'gauge', samples };
}
