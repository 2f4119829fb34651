/**
 * The rates port: conversion rates between RUB, EUR and USD for showing amounts in the user's displayed currency.
 * Two sources: `sandbox` (the sandbox market's fixed table, offline, so a sandbox transfer and the screens convert
 * alike) and `live` (one public source, docs/currencies.md). The browser never fetches rates itself: web and CLI
 * read them from the server (`rates.get`) and convert at the edge.
 */
import type { Currency, ExchangeRate } from '@tradedeck/sdk/domain';

export type RatesMode = 'sandbox' | 'live';

/** One fetch of a source: every pair it can tell. */
export interface RatesSource {
  readonly mode: RatesMode;
  fetch(): Promise<ExchangeRate[]>;
}

/** The rates as the server holds them: when fetched, and whether a later fetch failed (kept from before). */
export interface RatesSnapshot {
  source: RatesMode;
  rates: ExchangeRate[];
  fetchedAt: Date;
  stale: boolean;
}

export interface RatesPort {
  readonly mode: RatesMode;
  /** The cached rates, fetched again when older than the cache's time to live; throws when none were ever had. */
  current(): Promise<RatesSnapshot>;
}

export const RATE_CURRENCIES: readonly Currency[] = ['RUB', 'EUR', 'USD'];
