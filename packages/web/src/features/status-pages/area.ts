import { defineArea } from '../../shared/area/define-area.ts';
import { maintenanceTexts, offlineTexts } from './texts.ts';

/** The offline and maintenance pages. */
export const statusPagesArea = defineArea({
  name: 'statusPages',
  texts: [
    { key: 'offline', shell: offlineTexts },
    { key: 'maintenance', shell: maintenanceTexts },
  ],
});
