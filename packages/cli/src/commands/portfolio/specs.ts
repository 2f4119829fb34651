import { type CommandSpec, PAGING_OPTIONS } from '../../kit/spec.ts';

/** `tradedeck portfolio`: every account's items in one table, grouped, filtered and valued. */
export const PORTFOLIO: CommandSpec = {
  path: ['portfolio'],
  text: 'portfolioDescription',
  options: [
    { flags: '--by <grouping>', text: 'optPortfolioBy' },
    { flags: '--game <game>', text: 'optPortfolioGame' },
    { flags: '--tradable', text: 'optPortfolioTradable' },
    { flags: '--protected', text: 'optPortfolioProtected' },
    { flags: '--search <text>', text: 'optPortfolioSearch' },
    { flags: '--source <source>', text: 'optPortfolioSource' },
    { flags: '--currency <currency>', text: 'optPortfolioCurrency' },
    ...PAGING_OPTIONS,
  ],
  examples: [
    'tradedeck portfolio',
    'tradedeck portfolio --by account',
    'tradedeck portfolio --tradable --game cs2 --json',
    'tradedeck portfolio --by flat --protected --all | cut -f1,5',
  ],
};
