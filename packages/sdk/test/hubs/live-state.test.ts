import { describe, expect, it } from 'vitest';
import { liveStateAfter } from '../../src/hubs/index.ts';

describe('liveStateAfter', () => {
  it('maps each hub notice to the live state a screen shows', () => {
    expect(liveStateAfter({ kind: 'restored' })).toBe('live');
    expect(liveStateAfter({ kind: 'lost' })).toBe('lost');
    expect(liveStateAfter({ kind: 'desync', sourceId: 'proxies', expected: 3, received: 5 })).toBe('desync');
    expect(liveStateAfter({ kind: 'closed' })).toBe('closed');
    expect(liveStateAfter({ kind: 'failed', error: new Error('refused') })).toBe('closed');
  });
});
