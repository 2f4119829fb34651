import type { Language } from '@tradedeck/sdk/i18n';

/** Texts of the audit area. */
export const auditMessages = {
  memberNotFound: { ru: 'Участник не найден', en: 'Member not found' } as Record<Language, string>,
  csvHeader: {
    ru: ['id', 'время', 'участник_id', 'участник', 'сеанс', 'ip', 'операция', 'объекты'],
    en: ['id', 'at', 'actor_id', 'actor', 'device_session', 'ip', 'operation', 'targets'],
  } as Record<Language, string[]>,
};
