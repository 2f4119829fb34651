import { describe, expect, it } from 'vitest';
import { showBootError } from '../src/app/boot-error.ts';

describe('network initialisation error', () => {
  it('replaces a blank page with the error and a retry that loads the page again', () => {
    const root = document.createElement('div');
    root.append(document.createElement('span'));
    let reloads = 0;
    showBootError(root, 'ru', () => {
      reloads += 1;
    });
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.querySelector('h1')!.textContent).toBe('Ошибка инициализации сети');
    expect(alert.textContent).toContain('Проверьте подключение к интернету');
    const retry = alert.querySelector('button')!;
    expect(retry.textContent).toBe('Повторить');
    retry.click();
    expect(reloads).toBe(1);
    expect(root.children).toHaveLength(1);
  });

  it('speaks English to an English reader', () => {
    const root = document.createElement('div');
    showBootError(root, 'en', () => {});
    expect(root.querySelector('h1')!.textContent).toBe('Network initialisation error');
    expect(root.querySelector('button')!.textContent).toBe('Try again');
  });
});
