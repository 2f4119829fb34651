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

/** `tradedeck portfolio schedule`: how often the workspace's inventories are read on a schedule, and its change. */
export const PORTFOLIO_SCHEDULE: CommandSpec = {
  path: ['portfolio', 'schedule'],
  text: 'portfolioScheduleDescription',
  options: [
    { flags: '--every <hours>', text: 'optPortfolioEvery' },
    { flags: '--off', text: 'optPortfolioOff' },
  ],
  examples: [
    'tradedeck portfolio schedule',
    'tradedeck portfolio schedule --every 12',
    'tradedeck portfolio schedule --off',
  ],
};
