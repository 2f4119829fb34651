/** Texts of the Steam accounts module, in both languages. */
export const ACCOUNT_NOT_FOUND = {
  ru: 'Аккаунт не найден',
  en: 'Account not found',
};
export const TAG_NOT_FOUND = { ru: 'Тег не найден', en: 'Tag not found' };
export const PROXY_NOT_FOUND = { ru: 'Прокси не найден', en: 'Proxy not found' };
export const PROXY_TAG_NOT_FOUND = { ru: 'Тег прокси не найден', en: 'Proxy tag not found' };
export const MAFILE_UNREADABLE = { ru: 'Мафайл не читается', en: 'The maFile cannot be read' };
/** The reader's reason follows the text: "The maFile cannot be read: no shared_secret…". */
export const mafileUnreadable = (reason: { ru: string; en: string }) => ({
  ru: `${MAFILE_UNREADABLE.ru}: ${reason.ru}`,
  en: `${MAFILE_UNREADABLE.en}: ${reason.en}`,
});
/** A replacement maFile of another account: names what the file says and what the account is. */
export const mafileOtherAccount = (file: string, account: string) => ({
  ru: `Мафайл принадлежит другому аккаунту: в файле ${file}, а аккаунт ${account}`,
  en: `The maFile belongs to another account: the file is for ${file}, this account is ${account}`,
});
export const MAFILE_NAMES_NO_ACCOUNT = {
  ru: 'В мафайле нет ни account_name, ни SteamID: нельзя проверить, что он от этого аккаунта',
  en: 'The maFile names no account (neither account_name nor SteamID), so it cannot be matched to this account',
};
export const NO_SHARED_SECRET = {
  ru: 'У аккаунта нет shared_secret: код Steam Guard недоступен',
  en: 'The account has no shared_secret: no Steam Guard code',
};
/** An add job that failed on every attempt (the server or its database kept failing). */
export const addJobFailed = (attempts: number) => ({
  ru: `Добавление аккаунтов не удалось: ошибка сервера (попыток: ${attempts})`,
  en: `Adding the accounts failed: a server error after ${attempts} attempts`,
});

/** A rest's end as the user reads it in any time zone: "14:05 UTC" (the date too when it is not today's). */
function restEnd(until: Date, now: Date): string {
  const time = `${until.toISOString().slice(11, 16)} UTC`;
  return until.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)
    ? time
    : `${until.toISOString().slice(0, 10)} ${time}`;
}

/**
 * "No proxy" of a distribute add with its cause: the tag has no proxies, its proxies rest after Steam's rate limit
 * (until when), or every other proxy of the tag already carries the cap.
 */
export function noRoomMessage(
  cause: { proxies: number; resting: number; restingUntil: Date | null; maxAccountsPerProxy: number },
  now = new Date(),
) {
  const cap = cause.maxAccountsPerProxy;
  const full = cause.proxies - cause.resting;
  if (cause.proxies === 0)
    return {
      ru: 'Нет прокси: в выбранном теге нет рабочих прокси',
      en: 'No proxy: the chosen tag has no working proxies',
    };
  const until = cause.restingUntil ? restEnd(cause.restingUntil, now) : '';
  if (full === 0)
    return {
      ru: `Нет прокси: все прокси тега (${cause.proxies}) отдыхают после лимита Steam до ${until}`,
      en: `No proxy: every proxy of the tag (${cause.proxies}) rests after a Steam rate limit until ${until}`,
    };
  if (cause.resting === 0)
    return {
      ru: `Нет прокси: все прокси тега (${full}) заняты — по ${cap} акк. на прокси`,
      en: `No proxy: every proxy of the tag (${full}) is full at ${cap} accounts per proxy`,
    };
  return {
    ru: `Нет прокси: ${cause.resting} прокси тега отдыхают после лимита Steam до ${until}, остальные (${full}) заняты — по ${cap} акк. на прокси`,
    en: `No proxy: ${cause.resting} proxies of the tag rest after a Steam rate limit until ${until}, the others (${full}) are full at ${cap} accounts per proxy`,
  };
}
