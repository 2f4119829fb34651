import { defineArea } from '../../shared/area/define-area.ts';
import { accountTexts } from './texts.ts';

/** The account and security pages (their routes are `profileRoutes` in routes.tsx, under `/profile`). */
export const profileArea = defineArea({
  name: 'profile',
  texts: [{ key: 'account', shell: accountTexts }],
});
