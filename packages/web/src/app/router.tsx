import { createBrowserRouter, type RouteObject } from 'react-router';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';

export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
