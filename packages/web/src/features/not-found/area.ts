import { defineArea } from '../../shared/area/define-area.ts';
import { notFoundTexts } from './texts.ts';

/** The 404 page. */
export const notFoundArea = defineArea({
  name: 'notFound',
  texts: [{ key: 'notFound', shell: notFoundTexts }],
});
