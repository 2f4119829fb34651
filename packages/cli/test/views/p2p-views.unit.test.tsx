import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { BulkView } from '../../src/commands/p2p/p2p-views.tsx';
import { message } from '../../src/texts/message.ts';

const en = (key: Parameters<typeof message>[1], params?: Record<string, string | number>) =>
  message('en', key, params);

describe('the p2p bulk live view', () => {
  it('shows done of total with the refused accounts and their reasons', () => {
    const { lastFrame } = render(
      <BulkView
        progress={{
          title: 'Stopped',
          done: 2,
          total: 4,
          succeeded: 1,
          failures: [{ id: 3, login: 'bob', message: 'Safety check failed: the account has active trades' }],
        }}
        t={en}
      />,
    );
    expect(lastFrame()).toContain('bob: Safety check failed: the account has active trades');
    expect(lastFrame()).toContain('Stopped 2 of 4');
    expect(lastFrame()).toContain('✗ 1');
    expect(lastFrame()).toContain('█'.repeat(15));
  });
});
