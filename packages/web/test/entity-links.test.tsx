import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { entityViewPath, useViewParam } from '../src/shared/entity-links.ts';

afterEach(cleanup);

function Screen({ opened }: { opened: number[] }) {
  useViewParam((id) => opened.push(id));
  const location = useLocation();
  return <output data-testid="search">{location.search}</output>;
}

function renderAt(url: string) {
  const opened: number[] = [];
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Screen opened={opened} />
      </MemoryRouter>
    </StrictMode>,
  );
  return opened;
}

describe('opening an entity from a link', () => {
  it('points each kind at its list screen', () => {
    expect(entityViewPath('steamAccount', 42)).toBe('/panel/steam-accounts?view=42');
    expect(entityViewPath('proxy', 7)).toBe('/panel/proxy?view=7');
  });

  it('opens the named entity once and drops only the view parameter', async () => {
    const opened = renderAt('/panel/steam-accounts?page=2&view=42');
    expect(opened).toEqual([42]);
    expect((await screen.findByTestId('search')).textContent).toBe('?page=2');
  });

  it('opens nothing for an id that is not a positive integer, and still cleans the address', async () => {
    for (const bad of ['abc', '-3', '0', '1.5']) {
      const opened = renderAt(`/panel/proxy?view=${bad}`);
      expect(opened).toEqual([]);
      expect((await screen.findByTestId('search')).textContent).toBe('');
      cleanup();
    }
  });
});
