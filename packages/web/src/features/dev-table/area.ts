import { defineArea } from '../../shared/area/define-area.ts';
import { devTableTexts } from './texts.ts';

/** The development table (in `vite dev` and the fixtures build only). */
export const devTableArea = defineArea({
  name: 'devTable',
  texts: [{ key: 'devTable', shell: devTableTexts }],
});
