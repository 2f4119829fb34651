/**
 * What kind of intent a trading log line concerns: a Steam trade offer (`trade`), a money send between TM accounts
 * (`transfer`) or a market delivery (`delivery`, whose offer is a trade intent under the same reference).
 */
export type IntentKind = 'trade' | 'transfer' | 'delivery';

/**
 * The fields every log line about an intent carries: its reference as the outside side sees it (the
 * `[td:<reference>]` tag of a trade offer, the `custom_id` of a money send), so that one value finds the intent's
 * lines, its row and the remote record. A reference is an identifier, never a secret.
 */
export function intentFields(
  kind: IntentKind,
  reference: string,
): { intentKind: IntentKind; intentRef: string } {
  return { intentKind: kind, intentRef: reference };
}

/** For a line about several intents at once (one confirmation call for many deliveries). */
export function intentsFields(
  kind: IntentKind,
  references: string[],
): { intentKind: IntentKind; intentRefs: string[] } {
  return { intentKind: kind, intentRefs: references };
}
