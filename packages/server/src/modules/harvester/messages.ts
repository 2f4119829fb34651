import type { Language } from '@tradedeck/sdk/i18n';

type Texts = Record<Language, string>;

/** Texts of the harvester area (the transaction error reasons are the sdk's harvesterErrorMessages). */
export const harvesterMessages = {
  profileNotFound: { ru: 'Профиль не найден', en: 'Profile not found' } as Texts,
  profileNameTaken: {
    ru: 'Профиль с таким названием уже есть',
    en: 'A profile with this name already exists',
  } as Texts,
  /** The profile name a move of picked assets records when the trader has no profile. */
  pickedWithoutProfile: { ru: 'Перемещение без профиля', en: 'Move without a profile' } as Texts,
  noProfile: {
    ru: 'Сначала создайте профиль настроек',
    en: 'Create a settings profile first',
  } as Texts,
  sessionNotFound: { ru: 'Сессия не найдена', en: 'Session not found' } as Texts,
  accountsNotFound: { ru: 'Аккаунты не найдены', en: 'Accounts not found' } as Texts,
  noSources: {
    ru: 'Выберите хотя бы один аккаунт-источник',
    en: 'Pick at least one source account',
  } as Texts,
  noTargets: {
    ru: 'Выберите хотя бы один аккаунт-получатель',
    en: 'Pick at least one target account',
  } as Texts,
  assetOutsideSources: {
    ru: 'Предмет выбран на аккаунте, которого нет среди источников',
    en: 'An item is picked on an account that is not a source',
  } as Texts,
  assetsNotInInventory: (count: number): Texts => ({
    ru: `Предметов нет в последнем прочитанном инвентаре их аккаунта: ${count}. Обновите инвентарь и выберите снова`,
    en: `Items not in their account's last read inventory: ${count}. Refresh the inventory and pick again`,
  }),
  sourceIsTarget: (logins: readonly string[]): Texts => ({
    ru: `Аккаунт не может быть и источником, и получателем: ${logins.join(', ')}`,
    en: `An account cannot be both a source and a target: ${logins.join(', ')}`,
  }),
  /** docs/product-trading.md §8 "Harvester": restart and cancel only while the session is paused. */
  runningSession: {
    ru: 'Нельзя перезапустить или отменить транзакции во время работы сессии: сначала поставьте её на паузу',
    en: 'Cannot restart or cancel during a running session: pause it first',
  } as Texts,
  sessionCompleted: {
    ru: 'Сессия завершена: её нельзя изменить',
    en: 'The session is completed and cannot be changed',
  } as Texts,
  alreadyRunning: { ru: 'Сессия уже запущена', en: 'The session is already running' } as Texts,
  notRunning: { ru: 'Сессия не запущена', en: 'The session is not running' } as Texts,
  completeWhileRunning: {
    ru: 'Чтобы завершить сессию, сначала поставьте её на паузу',
    en: 'Pause the session before completing it',
  } as Texts,
  notErrored: { ru: 'Транзакция не в ошибке', en: 'The transaction is not in error' } as Texts,
  notActive: { ru: 'Транзакция уже завершена', en: 'The transaction has already ended' } as Texts,
  alreadyAccepted: {
    ru: 'Обмен уже принят получателем: отменить нельзя',
    en: 'The target has already accepted the trade: it cannot be cancelled',
  } as Texts,
  cannotComplete: {
    ru: 'Некоторые транзакции уже приняты получателем и ещё проверяются: запустите сессию, чтобы их завершить',
    en: 'Some transactions were already accepted by their target and are still being verified: start the session to finish them',
  } as Texts,
  transactionNotFound: { ru: 'Транзакция не найдена', en: 'Transaction not found' } as Texts,
  cancelOfferFailed: (reason: string): Texts => ({
    ru: `Не удалось отменить предложение обмена в Steam: ${reason}`,
    en: `The trade offer could not be cancelled on Steam: ${reason}`,
  }),
  copyName: (name: string): Texts => ({ ru: `${name} (копия)`, en: `${name} (copy)` }),
  sessionName: (id: number): Texts => ({ ru: `Сессия ${id}`, en: `Session ${id}` }),
} as const;
