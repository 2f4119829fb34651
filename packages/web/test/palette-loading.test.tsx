import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CommandPalette } from '../src/shared/palette/command-palette.tsx';
import { installLayoutShims } from './helpers/layout-shims.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

beforeAll(installLayoutShims);

const noServer: typeof fetch = async () => new Response('{}', { status: 404 });

describe('command palette, loaded after the first screen', () => {
  it('keeps what is typed while its code downloads and hands it to the palette', async () => {
    const services = renderWithServices(<CommandPalette />, noServer);
    act(() => services.palette.open());
    // The stand-in takes the keys at once.
    const standIn = screen.getByTestId('command-palette-loading');
    const input = standIn.querySelector('input')!;
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'прокси' } });

    const palette = await screen.findByTestId('command-palette', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('command-palette-loading')).toBeNull();
    const query = palette.querySelector('input')!;
    expect(query.value).toBe('прокси');
    expect(document.activeElement).toBe(query);

    // Escape closes it; opened again, it is in at once.
    fireEvent.keyDown(query, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('command-palette')).toBeNull());
    act(() => services.palette.open());
    expect(screen.getByTestId('command-palette')).toBeTruthy();
  });

  it('closes from the stand-in with Escape', () => {
    const services = renderWithServices(<CommandPalette />, noServer);
    act(() => services.palette.open());
    const standIn = screen.queryByTestId('command-palette-loading');
    // The palette may already be in when this test runs after the other one.
    const input = (standIn ?? screen.getByTestId('command-palette')).querySelector('input')!;
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(services.palette.state.open).toBe(false);
  });
});
