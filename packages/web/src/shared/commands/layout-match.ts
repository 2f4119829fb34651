/**
 * Search that forgives the wrong keyboard layout and ё/е, ranking exact and prefix matches above fuzzy ones.
 * "ghjrcb" (прокси typed on the Latin layout) and "зкщчн" (proxy typed on ЙЦУКЕН) both find their target.
 */

const LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const CYRILLIC = 'йцукенгшщзхъфывапролджэячсмитьбюё';

const toCyrillic = new Map([...LATIN].map((ch, i) => [ch, CYRILLIC[i]!]));
const toLatin = new Map([...CYRILLIC].map((ch, i) => [ch, LATIN[i]!]));

/** Lower case, ё→е (and other combining marks dropped), collapsed spaces. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The same keystrokes read on the other layout (QWERTY ↔ ЙЦУКЕН). */
export function switchLayout(text: string): string {
  const lower = text.toLowerCase();
  const cyrillicCount = [...lower].filter((ch) => toLatin.has(ch)).length;
  const latinCount = [...lower].filter((ch) => /[a-z]/.test(ch)).length;
  const map = cyrillicCount > latinCount ? toLatin : toCyrillic;
  return [...lower].map((ch) => map.get(ch) ?? ch).join('');
}

/** The query as typed plus its wrong-layout reading, both normalised, without duplicates. */
export function queryVariants(query: string): string[] {
  const typed = normalizeText(query);
  if (!typed) return [];
  const switched = normalizeText(switchLayout(query));
  return switched && switched !== typed ? [typed, switched] : [typed];
}

/** Whole-number tiers; the fraction refines the order inside a tier. */
const MatchTier = { exact: 5, prefix: 4, wordStart: 3, substring: 2, fuzzy: 1, none: 0 } as const;

/** Score of one normalised needle against one normalised haystack: tier plus a small in-tier refinement. */
function scoreText(needle: string, haystack: string): number {
  if (!needle || !haystack) return 0;
  if (haystack === needle) return MatchTier.exact;
  if (haystack.startsWith(needle)) return MatchTier.prefix + needle.length / haystack.length / 10;
  const words = haystack.split(/[\s\-_./›>]+/);
  if (words.some((word) => word.startsWith(needle))) return MatchTier.wordStart + needle.length / 100;
  if (haystack.includes(needle)) return MatchTier.substring;
  const fuzzy = fuzzySubsequence(needle, haystack);
  return fuzzy > 0 ? MatchTier.fuzzy + fuzzy : 0;
}

/** In-order subsequence match; tighter spans score closer to 1. */
function fuzzySubsequence(needle: string, haystack: string): number {
  let from = 0;
  let first = -1;
  let last = -1;
  for (const ch of needle) {
    const at = haystack.indexOf(ch, from);
    if (at < 0) return 0;
    if (first < 0) first = at;
    last = at;
    from = at + 1;
  }
  const span = last - first + 1;
  return Math.max(0.01, (needle.length / span) * 0.99);
}

/** Best score of a query (both layouts) against a title and its keywords; keywords weigh a little less. */
export function scoreCandidate(query: string, title: string, keywords: readonly string[] = []): number {
  const variants = queryVariants(query);
  if (variants.length === 0) return 0;
  const normalizedTitle = normalizeText(title);
  const normalizedKeywords = keywords.map(normalizeText);
  let best = 0;
  for (const variant of variants) {
    best = Math.max(best, scoreText(variant, normalizedTitle));
    // A keyword hit counts one tier lower than the same hit on the title.
    for (const keyword of normalizedKeywords) {
      const score = scoreText(variant, keyword);
      if (score > MatchTier.fuzzy) best = Math.max(best, Math.floor(score) - 1 + (score % 1) * 0.5);
      else if (score > 0) best = Math.max(best, score * 0.5);
    }
  }
  return best;
}

interface Rankable {
  title: string;
  keywords?: readonly string[];
}

/**
 * Orders candidates for a query: higher tier first, then recently used (`recentRank`: lower = more recent),
 * then the original order. Candidates that do not match are dropped. An empty query keeps everything, recent
 * first.
 */
export function rankCandidates<T extends Rankable>(
  query: string,
  candidates: readonly T[],
  recentRank: (candidate: T) => number | undefined = () => undefined,
): T[] {
  const scored = candidates.map((candidate, index) => ({
    candidate,
    index,
    score: query.trim() ? scoreCandidate(query, candidate.title, candidate.keywords) : 1,
    recent: recentRank(candidate) ?? Number.POSITIVE_INFINITY,
  }));
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => {
      const tierA = Math.floor(a.score);
      const tierB = Math.floor(b.score);
      if (tierA !== tierB) return tierB - tierA;
      if (a.recent !== b.recent) return a.recent - b.recent;
      if (a.score !== b.score) return b.score - a.score;
      return a.index - b.index;
    })
    .map((entry) => entry.candidate);
}
