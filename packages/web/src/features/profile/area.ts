import { defineArea } from '../../shared/area/define-area.ts';

/**
 * The account and security pages (their routes are `profileRoutes` in routes.tsx, under `/profile`); their texts
 * load with them (the `/profile` route's loader).
 */
export const profileArea = defineArea({
  name: 'profile',
  texts: [{ key: 'account', screen: () => import('./texts.ts').then((m) => m.accountTexts) }],
});
