import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createApiClient } from '@tradedeck/sdk/client';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfilePagesProvider } from '../src/features/profile/profile-deps.tsx';
import { profileRoutes } from '../src/features/profile/routes.tsx';
import { createI18n } from './helpers/texts.ts';

afterEach(cleanup);

async function renderProfile(path: string) {
  const notFound: typeof fetch = async () =>
    new Response(JSON.stringify({ success: false, data: null, error: { message: 'no', resultCode: 3 } }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  const client = createApiClient({ baseUrl: 'http://tradedeck.test', fetch: notFound });
  const router = createMemoryRouter([{ path: '/profile', children: profileRoutes }], {
    initialEntries: [path],
  });
  // The pages load with their routes.
  const { container } = render(
    <I18nextProvider i18n={createI18n('en')}>
      <ProfilePagesProvider client={client}>
        <RouterProvider router={router} />
      </ProfilePagesProvider>
    </I18nextProvider>,
  );
  await waitFor(() => expect(container.childElementCount).toBeGreaterThan(0), { timeout: 15_000 });
}

const crumbs = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumbs' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)
    .filter((text) => text !== '›');

describe('security breadcrumbs', () => {
  it('Security on the security page', async () => {
    await renderProfile('/profile/security');
    expect(crumbs()).toEqual(['Security']);
  });

  it('Security, Change Email on the e-mail change page, Security linking back', async () => {
    await renderProfile('/profile/security/change-email');
    expect(crumbs()).toEqual(['Security', 'Change Email']);
    expect(screen.getByRole('link', { name: 'Security' }).getAttribute('href')).toBe('/profile/security');
  });

  it('Security, Change Password on the password change page', async () => {
    await renderProfile('/profile/security/change-password');
    expect(crumbs()).toEqual(['Security', 'Change Password']);
    expect(screen.getByText('Change Password').getAttribute('aria-current')).toBe('page');
  });
});
