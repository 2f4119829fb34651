import type { Language } from '@tradedeck/sdk/i18n';

/** Texts of the audit area: the CSV export's header line. */
export const auditMessages = {
  csvHeader: {
    ru: ['id', 'время', 'участник_id', 'участник', 'сеанс', 'ip', 'операция', 'объекты'],
    en: ['id', 'at', 'actor_id', 'actor', 'device_session', 'ip', 'operation', 'targets'],
  } as Record<Language, string[]>,
};
