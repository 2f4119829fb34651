import { defineArea } from '../../shared/area/define-area.ts';
import { landingTexts } from './texts.ts';

/** The landing page (it also loads alone, `app/landing-entry.tsx`). */
export const landingArea = defineArea({
  name: 'landing',
  texts: [{ key: 'landing', shell: landingTexts }],
});
