import { defineArea } from '../../shared/area/define-area.ts';
import { authTexts } from './texts.ts';

/** Sign-in pages (their routes are `authRoutes` in routes.tsx, under `/auth`). */
export const authArea = defineArea({
  name: 'auth',
  texts: [{ key: 'auth', shell: authTexts }],
});
