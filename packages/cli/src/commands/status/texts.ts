import { defineTexts } from '../../texts/registry.ts';

/** Texts of `tradedeck status`. */
export const statusTexts = defineTexts('status', {
  en: {
    statusDescription: 'show whether the server answers, its version, mode and maintenance state',
    statusServer: 'Server',
    statusReachable: 'reachable',
    statusVersion: 'Version',
    statusMode: 'Mode',
    statusDatabase: 'Database',
    statusMaintenance: 'Maintenance',
    maintenanceOff: 'off',
    maintenanceOn: 'ON',
    maintenanceUntil: 'until {eta}',
  },
  ru: {
    statusDescription: 'показать, отвечает ли сервер, его версию, режим и состояние обслуживания',
    statusServer: 'Сервер',
    statusReachable: 'доступен',
    statusVersion: 'Версия',
    statusMode: 'Режим',
    statusDatabase: 'База данных',
    statusMaintenance: 'Обслуживание',
    maintenanceOff: 'нет',
    maintenanceOn: 'ИДЁТ',
    maintenanceUntil: 'до {eta}',
  },
});
