import { defineTexts } from '../../texts/registry.ts';

/** Texts of `tradedeck ledger`. */
export const ledgerTexts = defineTexts('ledger', {
  en: {
    ledgerDescription:
      'profit from the ledger: revenue, cost, fees, realised and pending, in the displayed currency',
    ledgerOptFrom: 'from this day (YYYY-MM-DD, inclusive)',
    ledgerOptTo: 'to this day (YYYY-MM-DD, inclusive)',
    ledgerBadDay: 'Not a day: "{value}" (expected YYYY-MM-DD)',
    ledgerOptBy: 'group by item, account, tag, game, day, week or month (default day)',
    ledgerOptMethod: 'cost method: fifo (default) or average',
    ledgerOptCurrency: 'show amounts in this currency (default the displayed one)',
    ledgerOptCsv: 'print CSV: the profit report, or with --entries the ledger entries',
    ledgerOptEntries: 'with --csv: the ledger entries instead of the profit report',
    ledgerBadBy: 'Unknown grouping "{value}": use item, account, tag, game, day, week or month',
    ledgerBadMethod: 'Unknown cost method "{value}": use fifo or average',
    ledgerUncosted:
      '{count} sold item(s) have no known cost: their profit is not counted as zero, import purchase prices',
    ledgerTotal: 'total',
    ledgerHoldsDescription: 'money on hold: per account and what lands on each of the next 8 days',
    ledgerImportDescription:
      'import purchase prices from a CSV file (name,price[,quantity[,date]]), or - for stdin',
    ledgerImported: 'Imported {imported}, refused {failed}, sales costed {costed}',
    ledgerReconcileDescription: "compare each market account's ledger balance with the market's",
    ledgerColKey: 'Key',
    ledgerColRevenue: 'Revenue',
    ledgerColCost: 'Cost',
    ledgerColFees: 'Fees',
    ledgerColProfit: 'Profit',
    ledgerColRealised: 'Realised',
    ledgerColPending: 'Pending',
  },
  ru: {
    ledgerDescription:
      'прибыль по журналу: выручка, себестоимость, комиссии, полученная и ожидаемая, в валюте отображения',
    ledgerOptFrom: 'с этого дня (ГГГГ-ММ-ДД, включительно)',
    ledgerOptTo: 'по этот день (ГГГГ-ММ-ДД, включительно)',
    ledgerBadDay: 'Не дата: «{value}» (ожидается ГГГГ-ММ-ДД)',
    ledgerOptBy: 'группировать по item, account, tag, game, day, week или month (по умолчанию day)',
    ledgerOptMethod: 'метод себестоимости: fifo (по умолчанию) или average',
    ledgerOptCurrency: 'показать суммы в этой валюте (по умолчанию — валюта отображения)',
    ledgerOptCsv: 'вывести CSV: отчёт о прибыли, или с --entries записи журнала',
    ledgerOptEntries: 'с --csv: записи журнала вместо отчёта о прибыли',
    ledgerBadBy: 'Неизвестная группировка "{value}": укажите item, account, tag, game, day, week или month',
    ledgerBadMethod: 'Неизвестный метод себестоимости "{value}": укажите fifo или average',
    ledgerUncosted:
      'У {count} проданных предметов нет известной себестоимости: прибыль не считается нулевой, импортируйте цены покупки',
    ledgerTotal: 'итого',
    ledgerHoldsDescription: 'деньги на холде: по аккаунтам и что поступит в каждый из 8 следующих дней',
    ledgerImportDescription:
      'импорт цен покупки из CSV (name,price[,quantity[,date]]), или - для stdin, в валюте: import FILE USD',
    ledgerImported: 'Импортировано {imported}, отклонено {failed}, продаж с себестоимостью {costed}',
    ledgerReconcileDescription: 'сверить баланс каждого аккаунта маркета в журнале с балансом маркета',
    ledgerColKey: 'Ключ',
    ledgerColRevenue: 'Выручка',
    ledgerColCost: 'Себестоимость',
    ledgerColFees: 'Комиссии',
    ledgerColProfit: 'Прибыль',
    ledgerColRealised: 'Получено',
    ledgerColPending: 'Ожидается',
  },
});
