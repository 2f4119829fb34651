import { defineTexts } from '../../texts/registry.ts';

/** Texts of `tradedeck confirmations`. */
export const confirmationsTexts = defineTexts('confirmations', {
  en: {
    confirmationsDescription:
      'list the pending mobile confirmations of your accounts (as the server last read them; --refresh asks Steam now); accept or deny them',
    confirmationsAcceptDescription:
      'accept confirmations: one by --id (with --account), one offer’s by --offer-id, or --all-matching the filter',
    confirmationsDenyDescription:
      'deny confirmations: one by --id (with --account), one offer’s by --offer-id, or --all-matching the filter',
    optConfTag: 'only accounts with this tag (repeatable)',
    optConfType:
      'only this type: trade, marketListing, purchase, accountRecovery, apiKey, other (repeatable)',
    optConfAccount: 'only this account, by login or id (repeatable)',
    optConfOurs: 'only confirmations Tradedeck created',
    optConfForeign: 'only confirmations Tradedeck did not create',
    optConfRefresh:
      'read every account from Steam now instead of the server’s last read (at most a minute or two old)',
    optConfId: 'a confirmation id from the list (repeatable; needs one --account)',
    optConfOfferId: 'the trade offer whose confirmation to answer',
    optConfAllMatching:
      'every pending confirmation that matches --tag, --type, --account, --ours or --foreign',
    confHeadAccount: 'ACCOUNT',
    confHeadId: 'ID',
    confHeadType: 'TYPE',
    confHeadOurs: 'OURS',
    confHeadPartner: 'PARTNER',
    confHeadItems: 'ITEMS',
    confHeadValue: 'VALUE',
    confHeadCreated: 'CREATED',
    confYes: 'yes',
    confNo: 'no',
    confNone: 'No pending confirmations',
    confAccountFailed: '{login}: {message}',
    confBadType: 'Unknown type "{value}": use {known}',
    optConfSource:
      'the price source our own offers’ items are valued from: tm, steam or custom (the portfolio’s; tm when not given)',
    confBadSource: 'Unknown price source "{value}": use {known}',
    confOursAndForeign: 'Choose --ours or --foreign, not both',
    confSelectOne: 'Choose one of --id, --offer-id or --all-matching',
    confIdNeedsAccount: '--id needs exactly one --account',
    confOutcome: '{account} {id}: {outcome}',
    confOutcomeFailed: '{account} {id}: failed: {message}',
    confAnswered: 'answered',
    confGone: 'no longer pending',
    confJobStarted: 'Answering {total} confirmations (job {job})',
    confJobDone: 'Answered {answered} of {total}',
  },
  ru: {
    confirmationsDescription:
      'показать мобильные подтверждения ваших аккаунтов, ожидающие ответа (как сервер прочитал их последним; --refresh спрашивает Steam сейчас); принять или отклонить их',
    confirmationsAcceptDescription:
      'принять подтверждения: одно по --id (с --account), одно по предложению --offer-id или все подходящие --all-matching',
    confirmationsDenyDescription:
      'отклонить подтверждения: одно по --id (с --account), одно по предложению --offer-id или все подходящие --all-matching',
    optConfTag: 'только аккаунты с этим тегом (можно несколько)',
    optConfType:
      'только этот тип: trade, marketListing, purchase, accountRecovery, apiKey, other (можно несколько)',
    optConfAccount: 'только этот аккаунт, по логину или id (можно несколько)',
    optConfOurs: 'только подтверждения, созданные Tradedeck',
    optConfForeign: 'только подтверждения, созданные не Tradedeck',
    optConfRefresh:
      'прочитать все аккаунты из Steam сейчас, а не взять последнее чтение сервера (не старше минуты-двух)',
    optConfId: 'id подтверждения из списка (можно несколько; нужен один --account)',
    optConfOfferId: 'предложение обмена, подтверждение которого нужно ответить',
    optConfAllMatching:
      'все ожидающие подтверждения, подходящие под --tag, --type, --account, --ours или --foreign',
    confHeadAccount: 'АККАУНТ',
    confHeadId: 'ID',
    confHeadType: 'ТИП',
    confHeadOurs: 'НАШЕ',
    confHeadPartner: 'ПАРТНЁР',
    confHeadItems: 'ПРЕДМЕТЫ',
    confHeadValue: 'СТОИМОСТЬ',
    confHeadCreated: 'СОЗДАНО',
    confYes: 'да',
    confNo: 'нет',
    confNone: 'Ожидающих подтверждений нет',
    confAccountFailed: '{login}: {message}',
    confBadType: 'Неизвестный тип "{value}": укажите {known}',
    optConfSource:
      'источник цены, по которому оцениваются предметы наших предложений: tm, steam или custom (как в портфеле; tm, если не указан)',
    confBadSource: 'Неизвестный источник цены "{value}": укажите {known}',
    confOursAndForeign: 'Укажите --ours или --foreign, но не оба',
    confSelectOne: 'Укажите одно из --id, --offer-id или --all-matching',
    confIdNeedsAccount: 'Для --id нужен ровно один --account',
    confOutcome: '{account} {id}: {outcome}',
    confOutcomeFailed: '{account} {id}: ошибка: {message}',
    confAnswered: 'ответ дан',
    confGone: 'больше не ожидает ответа',
    confJobStarted: 'Отвечаем на {total} подтверждений (задание {job})',
    confJobDone: 'Ответ дан на {answered} из {total}',
  },
});
