/** Business constants and limits from the product specification (docs/product-shell.md §9). */
export const TOAST_TIMEOUT_MS = 3000;
export const TOAST_LONG_TIMEOUT_MS = 5000;
export const TOKEN_REFRESH_MARGIN_S = 60;
export const UNAUTHORIZED_REDIRECT_LIMIT = 3;
export const SESSION_EXPIRY_NOTICE_DEBOUNCE_MS = 2000;

export const NETWORK = {
  failuresToGoOffline: 5,
  successesToGoOnline: 2,
  retryAttempts: 5,
  baseDelayMs: 1000,
  connectionTimeoutMs: 5000,
  checkTimeoutMs: 3000,
  maxCheckIntervalMs: 30_000,
  backoffFactor: 1.5,
  routeReloadDelayMs: 100,
  visibilityCheckAfterMs: 30_000,
} as const;

export const MAINTENANCE_POLL_MS = 30_000;

export const HUB_RECONNECT_DELAYS_MS = [0, 2000, 2000, 2000, 5000, 10_000, 10_000, 10_000, 10_000] as const;
export const HUB_RESTART_AFTER_FAILED_START_MS = 5000;
export const HUB_RESUBSCRIBE_WAIT_MS = 100;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 50;
/** Lists count matches up to this many; past it the total shows as "10,000+" (the exact figure on demand). */
export const LIST_TOTAL_CAP = 10_000;

export const PROXY_LIST_IN_VIEW_DIALOG = 500;
export const SEARCH_DEBOUNCE_MS = 400;
export const SEARCH_CACHE_MAX = 20;
export const SEARCH_CACHE_KEEP_ON_CLOSE = 10;
export const PARSE_PROXY_DELAY_MS = 500;
export const SETTINGS_COOKIE_DAYS = 30;
export const CURRENCIES = ['RUB', 'EUR', 'USD'] as const;
export const PROXY_PORT_MIN = 1;
export const PROXY_PORT_MAX = 65_535;
/** Largest id of a stored row (ids are 32-bit database keys). */
export const MAX_STORED_ID = 2_147_483_647;
export const SCROLL_TO_TOP_THRESHOLD_PX = 200;

export const MODAL_WIDTHS = {
  addAccount: 1000,
  viewAccount: 600,
  batchProxy: 800,
  batchTags: 500,
  confirm: 400,
} as const;
export const MODAL_BASE_Z_INDEX = 1000;
export const MODAL_Z_INDEX_STEP = 10;

export const PRIMARY_COLOR = '#7367F0';

/** The two-factor dialogs (docs/product-trading.md §4 and §9). */
export const TWO_FACTOR_DIALOG = {
  codeLength: 6,
  resendSeconds: 60,
  sentNoticeMs: 3000,
  resetAfterCloseMs: 300,
  width: 600,
  soloWidth: 500,
} as const;
