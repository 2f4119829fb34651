import type { HubEvent, SubscribeResult } from './hub-names.ts';

export type Verdict = 'deliver' | 'ignore' | 'gap';

/**
 * Per-source ordering: events at or below the last seen version are ignored (replays and duplicates), the next
 * version is delivered, and anything further ahead is a gap that calls for a resubscribe from the last token.
 */
export class SourceTracker {
  lastVersion: number | null = null;
  lastSequenceToken: string | null;

  constructor(fromSequenceToken: string | null = null) {
    this.lastSequenceToken = fromSequenceToken;
  }

  judge(event: HubEvent): Verdict {
    if (this.lastVersion === null) return 'deliver';
    if (event.version <= this.lastVersion) return 'ignore';
    if (event.version === this.lastVersion + 1) return 'deliver';
    return 'gap';
  }

  /** Records a delivered event. */
  advance(event: HubEvent): void {
    this.lastVersion = event.version;
    this.lastSequenceToken = event.sequenceToken;
  }

  /** Takes the starting point a Subscribe answered with, unless events already went past it. */
  joined(result: SubscribeResult): void {
    if (this.lastVersion === null || result.version > this.lastVersion) {
      this.lastVersion = result.version;
      this.lastSequenceToken = result.sequenceToken;
    }
  }

  /** Forgets the position after the server said the token is too old: the next Subscribe starts fresh. */
  reset(): void {
    this.lastVersion = null;
    this.lastSequenceToken = null;
  }
}
