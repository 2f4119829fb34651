/** Texts of lot statuses, issues and item enumerations in both languages (web and CLI show them). */
import type { Language } from '../../i18n/messages.ts';
import type { ItemExterior } from '../trading/items.ts';
import type { ItemRarity, LotIssue, LotStatus, SaleState } from './lots.ts';

type Texts<K extends string> = Readonly<Record<Language, Readonly<Record<K, string>>>>;

export const lotStatusMessages: Texts<LotStatus> = {
  en: { on_sale: 'On sale', hold: 'On hold', ready_to_trade: 'Ready to trade', in_inventory: 'In inventory' },
  ru: {
    on_sale: 'В продаже',
    hold: 'На удержании',
    ready_to_trade: 'Готов к обмену',
    in_inventory: 'В инвентаре',
  },
};

export const lotIssueMessages: Texts<LotIssue> = {
  en: {
    not_listed: 'Not listed on the market',
    price_mismatch: 'The market price differs from the set price',
    out_of_range: 'The market price is outside the thresholds',
    sold_elsewhere: 'Sold on another market: taken down here',
  },
  ru: {
    not_listed: 'Не выставлен на маркет',
    price_mismatch: 'Цена на маркете отличается от установленной',
    out_of_range: 'Рыночная цена вне порогов',
    sold_elsewhere: 'Продан на другом маркете: снят с продажи здесь',
  },
};

export const itemExteriorMessages: Texts<ItemExterior> = {
  en: {
    'Factory New': 'Factory New',
    'Minimal Wear': 'Minimal Wear',
    'Field-Tested': 'Field-Tested',
    'Well-Worn': 'Well-Worn',
    'Battle-Scarred': 'Battle-Scarred',
  },
  ru: {
    'Factory New': 'Прямо с завода',
    'Minimal Wear': 'Немного поношенное',
    'Field-Tested': 'После полевых испытаний',
    'Well-Worn': 'Поношенное',
    'Battle-Scarred': 'Закалённое в боях',
  },
};

export const itemRarityMessages: Texts<ItemRarity> = {
  en: {
    Consumer: 'Consumer',
    Industrial: 'Industrial',
    'Mil-Spec': 'Mil-Spec',
    Restricted: 'Restricted',
    Classified: 'Classified',
    Covert: 'Covert',
    Contraband: 'Contraband',
  },
  ru: {
    Consumer: 'Ширпотреб',
    Industrial: 'Промышленное',
    'Mil-Spec': 'Армейское',
    Restricted: 'Запрещённое',
    Classified: 'Засекреченное',
    Covert: 'Тайное',
    Contraband: 'Контрабанда',
  },
};

export const saleStateMessages: Texts<SaleState> = {
  en: { held: 'On hold', settled: 'Settled', reversed: 'Reversed' },
  ru: { held: 'На удержании', settled: 'Зачислено', reversed: 'Возвращено' },
};
