/**
 * Our own reference inside a trade offer message: after a crash the sent offers are searched for it before
 * anything is sent again (docs/trading-rules.md §2 rule 1).
 */
import { TRADE_LIMITS } from './limits.ts';

export const OFFER_REFERENCE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
const TAG = /\[td:([A-Za-z0-9_-]{1,40})\]/;

export function isValidOfferReference(reference: string): boolean {
  return OFFER_REFERENCE_PATTERN.test(reference);
}

/**
 * The message Steam receives: the caller's text whole, followed by the reference tag only where both fit in
 * Steam's 128 characters. A marketplace reads its own message back (OpenMarketClient sends TM's verbatim), so
 * a text that leaves no room goes without the tag, and the offer is found again by its partner and items.
 */
export function offerMessageWithReference(reference: string, text = ''): string {
  if (!isValidOfferReference(reference))
    throw new Error('An offer reference is 1-40 letters, digits, - or _');
  const tag = `[td:${reference}]`;
  const body = text.trim();
  if (!body) return tag;
  if (body.length + 1 + tag.length <= TRADE_LIMITS.maxMessageLength) return `${body} ${tag}`;
  return body.slice(0, TRADE_LIMITS.maxMessageLength);
}

/** The reference carried by an offer message, or null for an offer we did not tag. */
export function readOfferReference(message: string): string | null {
  return TAG.exec(message)?.[1] ?? null;
}
