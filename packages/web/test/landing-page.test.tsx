import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LandingPage } from '../src/features/landing/landing-page.tsx';
import { initialLanguage } from '../src/i18n/initial-language.ts';
import { createI18n, en, ru } from './helpers/texts.ts';

afterEach(cleanup);

function renderIn(language: 'ru' | 'en') {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('landing page', () => {
  it('shows the spec content in English', () => {
    renderIn('en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Trade Steam Items');
    expect(screen.getByText('Like a Pro')).toBeTruthy();
    expect(screen.getByText('BETA LIVE')).toBeTruthy();
    const cta = screen.getByRole('link', { name: 'START TRADING' });
    expect(cta.getAttribute('href')).toBe('/panel/dashboard');
    for (const tag of ['Safe Trading', 'Best Prices', 'Instant Deals', 'Steam Items']) {
      expect(screen.getByText(tag)).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: en.landing.messenger }).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
  });

  it('shows Russian by default', () => {
    renderIn(initialLanguage(null));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ru.landing.title);
    expect(screen.getByRole('link', { name: ru.landing.cta })).toBeTruthy();
  });
});

describe('resources', () => {
  it('have the same keys in both languages', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, child]) =>
        typeof child === 'object' ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    // Russian has extra plural forms (_few, _many); every other key exists in both.
    const base = (list: string[]) =>
      [...new Set(list.map((k) => k.replace(/_(one|few|many|other)$/, '')))].sort();
    expect(base(keys(en))).toEqual(base(keys(ru)));
    expect(
      keys(ru)
        .filter((k) => /_(few|many)$/.test(k))
        .every((k) => !keys(en).includes(k)),
    ).toBe(true);
  });
});
