import { describe, expect, it } from 'vitest';
import { SourceTracker } from '../../src/hubs/source-tracker.ts';

const event = (version: number) => ({ sourceId: 's', version, sequenceToken: `t${version}`, payload: null });

describe('SourceTracker', () => {
  it('delivers the next version, ignores old ones and reports gaps', () => {
    const tracker = new SourceTracker();
    tracker.joined({ sourceId: 's', version: 4, sequenceToken: 't4' });
    expect(tracker.judge(event(4))).toBe('ignore');
    expect(tracker.judge(event(3))).toBe('ignore');
    expect(tracker.judge(event(6))).toBe('gap');
    expect(tracker.judge(event(5))).toBe('deliver');
    tracker.advance(event(5));
    expect(tracker.lastSequenceToken).toBe('t5');
    expect(tracker.judge(event(5))).toBe('ignore');
  });

  it('takes the first event as the start when nothing is known yet, and keeps it over an older join answer', () => {
    const tracker = new SourceTracker();
    expect(tracker.judge(event(10))).toBe('deliver');
    tracker.advance(event(10));
    tracker.joined({ sourceId: 's', version: 9, sequenceToken: 't9' });
    expect(tracker.lastVersion).toBe(10);
    expect(tracker.lastSequenceToken).toBe('t10');
  });

  it('starts from a given token and forgets it on reset', () => {
    const tracker = new SourceTracker('t7');
    expect(tracker.lastSequenceToken).toBe('t7');
    tracker.reset();
    expect(tracker.lastSequenceToken).toBeNull();
    expect(tracker.lastVersion).toBeNull();
  });
});
