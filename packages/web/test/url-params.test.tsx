import { act, cleanup, render, screen } from '@testing-library/react';
import {
  MemoryRouter,
  type SetURLSearchParams,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useUrlParams } from '../src/shared/url-params.ts';

afterEach(cleanup);

const setKey = (key: string, value: string) => (current: URLSearchParams) => {
  current.set(key, value);
  return current;
};

/** A price source picked, then a search typed before the page rendered again: two updates in one event. */
function Filters({ useParams }: { useParams: () => [URLSearchParams, SetURLSearchParams] }) {
  const [, setParams] = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setParams(setKey('source', 'custom'), { replace: true });
          setParams(setKey('q', 'AK-47'), { replace: true });
        }}
      >
        both
      </button>
      <button type="button" onClick={() => setParams(setKey('q', 'M4A1'), { replace: true })}>
        search
      </button>
      <button type="button" onClick={() => navigate('?game=dota2')}>
        elsewhere
      </button>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

/** A component that hands its hook's setter out, rendered twice by `TwoParts`. */
function Part({ setters }: { setters: SetURLSearchParams[] }) {
  setters.push(useUrlParams()[1]);
  return null;
}

/** Two components, each with its own hook, changing the address in one event. */
function TwoParts({ setters }: { setters: SetURLSearchParams[] }) {
  const location = useLocation();
  return (
    <>
      <Part setters={setters} />
      <Part setters={setters} />
      <button
        type="button"
        onClick={() => {
          setters.at(-2)!(setKey('source', 'custom'), { replace: true });
          setters.at(-1)!(setKey('q', 'AK-47'), { replace: true });
        }}
      >
        both
      </button>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

function renderWith(
  useParams: () => [URLSearchParams, SetURLSearchParams],
  url = '/panel/portfolio?by=flat',
) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Filters useParams={useParams} />
    </MemoryRouter>,
  );
  const search = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');
  const click = (name: string) => act(() => screen.getByRole('button', { name }).click());
  return { search, click };
}

describe('URL parameters changed twice before the page renders again', () => {
  it("are lost with react-router's own hook: the second update starts from the last render", async () => {
    const { search, click } = renderWith(useSearchParams);
    await click('both');
    expect(search().get('q')).toBe('AK-47');
    expect(search().get('source')).toBeNull();
  });

  it('are both kept, with what the address had before', async () => {
    const { search, click } = renderWith(useUrlParams);
    await click('both');
    expect(Object.fromEntries(search())).toEqual({ by: 'flat', source: 'custom', q: 'AK-47' });
  });

  it('are both kept when two components make them, each with its own hook', async () => {
    const setters: SetURLSearchParams[] = [];
    render(
      <MemoryRouter initialEntries={['/panel/portfolio']}>
        <TwoParts setters={setters} />
      </MemoryRouter>,
    );
    await act(() => screen.getByRole('button', { name: 'both' }).click());
    expect(Object.fromEntries(new URLSearchParams(screen.getByTestId('search').textContent ?? ''))).toEqual({
      source: 'custom',
      q: 'AK-47',
    });
  });

  it('start from an address navigated to by other means', async () => {
    const { search, click } = renderWith(useUrlParams);
    await click('both');
    await click('elsewhere');
    await click('search');
    expect(Object.fromEntries(search())).toEqual({ game: 'dota2', q: 'M4A1' });
  });
});
