import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { ImportView } from '../../src/commands/accounts/import-view.tsx';
import { countResult, emptyProgress } from '../../src/commands/proxies/check-progress.ts';
import { CheckView } from '../../src/commands/proxies/check-view.tsx';
import { message } from '../../src/texts/message.ts';

const en = (key: Parameters<typeof message>[1], params?: Record<string, string | number>) =>
  message('en', key, params);
const ru = (key: Parameters<typeof message>[1], params?: Record<string, string | number>) =>
  message('ru', key, params);

describe('the proxy check live view', () => {
  it('shows done of total, valid and invalid counts, the rate and the ETA', () => {
    let progress = emptyProgress(10, 0);
    for (let i = 0; i < 4; i += 1) progress = countResult(progress, i !== 3, 2000);
    const { lastFrame, rerender } = render(<CheckView progress={progress} t={en} />);
    expect(lastFrame()).toContain('Checked 4 of 10');
    expect(lastFrame()).toContain('valid 3');
    expect(lastFrame()).toContain('invalid 1');
    expect(lastFrame()).toContain('2.0/s');
    expect(lastFrame()).toContain('ETA 3s');
    progress = countResult({ ...progress, done: 9, valid: 8 }, true, 4000);
    rerender(<CheckView progress={progress} t={en} />);
    expect(lastFrame()).toContain('Checked 10 of 10');
    expect(lastFrame()).toContain('ETA 0s');
    expect(lastFrame()).toContain('█'.repeat(30));
  });

  it('shows an unknown ETA before the first result, in Russian when asked', () => {
    const { lastFrame } = render(<CheckView progress={emptyProgress(5, 0)} t={ru} />);
    expect(lastFrame()).toContain('Проверено 0 из 5');
    expect(lastFrame()).toContain('валидных 0');
    expect(lastFrame()).toContain('осталось …');
  });
});

describe('the accounts import live view', () => {
  it('shows added and failed of total and the accounts signing in', () => {
    const { lastFrame } = render(
      <ImportView progress={{ total: 8, added: 2, failed: 1, current: ['alpha', 'beta'] }} t={en} />,
    );
    expect(lastFrame()).toContain('Added 2, failed 1 of 8');
    expect(lastFrame()).toContain('Signing in to Steam: alpha, beta');
  });

  it('hides the in-flight line when nothing is being sent', () => {
    const { lastFrame } = render(
      <ImportView progress={{ total: 3, added: 3, failed: 0, current: [] }} t={ru} />,
    );
    expect(lastFrame()).toContain('Добавлено 3, ошибок 0 из 3');
    expect(lastFrame()).not.toContain('Вход в Steam');
  });
});
