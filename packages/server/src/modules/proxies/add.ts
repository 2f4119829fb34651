import type { ProxyAddResult } from '@tradedeck/sdk/contract';
import { type ParsedProxyLine, type ProxyProtocol, parseProxyList } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { echoedLine } from '../../http/echo.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { ALREADY_EXISTS_CODE, proxyMessages } from './messages.ts';
import type { NewProxyRow, ProxiesRepo, ProxyQueries } from './repo.ts';
import { IDENTITY_KEY_PURPOSE, identityHash, passwordSlot } from './rows.ts';

export type LineIssue = ProxyAddResult['invalid'][number];

export interface ReadLines {
  /** Lines that are proxies the user does not have yet, each with its identity hash. */
  fresh: { parsed: ParsedProxyLine; hash: string }[];
  invalid: LineIssue[];
  /** Repeats of an earlier line and proxies already stored, in line order. */
  duplicates: LineIssue[];
}

/**
 * Reads proxy lines as `parse` and `add` both need them: the sdk parser's verdict per line, with lines the user
 * already has moved to the duplicates. Reasons are in the request's language.
 */
export async function readProxyLines(
  repo: ProxiesRepo,
  secrets: SecretBox,
  userId: string,
  input: { proxies: string; defaultProtocol: ProxyProtocol },
  lang: Language,
): Promise<ReadLines> {
  const parsed = parseLines(input, lang);
  const { invalid, duplicates } = parsed;
  const key = (await secrets.openFor(userId)).deriveKey(IDENTITY_KEY_PURPOSE);
  const hashed = parsed.proxies.map((line) => ({ parsed: line, hash: identityHash(key, line.proxy) }));
  const stored = await repo.run(userId, (q) => q.existingHashes(hashed.map((line) => line.hash)));
  const fresh: ReadLines['fresh'] = [];
  for (const line of hashed) {
    if (stored.has(line.hash)) duplicates.push(alreadyStored(line.parsed, lang));
    else fresh.push(line);
  }
  duplicates.sort((a, b) => a.line - b.line);
  return { fresh, invalid, duplicates };
}

/** The sdk parser's verdict per line, reasons in the request's language. */
function parseLines(input: { proxies: string; defaultProtocol: ProxyProtocol }, lang: Language) {
  const parsed = parseProxyList(input.proxies, { defaultProtocol: input.defaultProtocol });
  const invalid: LineIssue[] = parsed.invalid.map((line) => ({
    line: line.line,
    text: echoedLine(line.text),
    code: line.reason.code,
    message: line.reason[lang],
  }));
  const duplicates: LineIssue[] = parsed.duplicates.map((line) => ({
    line: line.line,
    text: echoedLine(line.text),
    code: ALREADY_EXISTS_CODE,
    message: proxyMessages.repeatsLine(line.firstLine)[lang],
  }));
  return { proxies: parsed.proxies, invalid, duplicates };
}

/**
 * Adds the new proxies of the lines in one transaction (a bulk insert that skips identities already stored, so a
 * concurrent add of the same proxy makes it a duplicate here, not an error). Lines the user already has are found
 * by the insert itself, not by a query before it.
 */
export async function addProxyLines(
  repo: ProxiesRepo,
  secrets: SecretBox,
  userId: string,
  input: { proxies: string; defaultProtocol: ProxyProtocol },
  lang: Language,
  tagStep: (q: ProxyQueries) => Promise<((q: ProxyQueries, ids: number[]) => Promise<void>) | null>,
): Promise<ProxyAddResult> {
  const read = parseLines(input, lang);
  const box = await secrets.openFor(userId);
  const key = box.deriveKey(IDENTITY_KEY_PURPOSE);
  /** Identity hashes in line order, filled as the chunks are sealed. */
  const hashes: string[] = [];
  const toRow = ({ proxy }: ParsedProxyLine): NewProxyRow => {
    const hash = identityHash(key, proxy);
    hashes.push(hash);
    const password = proxy.credentials?.password ?? '';
    return {
      protocol: proxy.protocol,
      host: proxy.host,
      port: proxy.port,
      username: proxy.credentials?.username ?? null,
      passwordEnc: password === '' ? null : box.encrypt(passwordSlot(userId, hash), password),
      name: proxy.name,
      identityHash: hash,
    };
  };
  // Hashed and sealed a chunk at a time, as the insert asks for it: the next chunk is sealed while the database
  // writes the one before.
  function* sealed(): Generator<NewProxyRow[]> {
    hashes.length = 0;
    let at = 0;
    for (const size of chunkSizes(read.proxies.length)) {
      yield read.proxies.slice(at, at + size).map(toRow);
      at += size;
    }
  }
  const inserted = await repo.run(userId, async (q) => {
    const tag = await tagStep(q);
    const done = await q.insertNewChunks(sealed());
    if (tag && done.size > 0) await tag(q, [...done.values()]);
    return done;
  });
  const duplicates = read.duplicates;
  hashes.forEach((hash, index) => {
    if (!inserted.has(hash)) duplicates.push(alreadyStored(read.proxies[index]!, lang));
  });
  duplicates.sort((a, b) => a.line - b.line);
  return { addedIds: [...inserted.values()].sort((a, b) => a - b), duplicates, invalid: read.invalid };
}

/** Rows per insert: a small first chunk, so the database starts while the rest is sealed, then larger ones. */
const FIRST_CHUNK = 2_000;
const CHUNK = 20_000;

function* chunkSizes(total: number): Generator<number> {
  for (let at = 0, size = FIRST_CHUNK; at < total; at += size, size = CHUNK) yield Math.min(size, total - at);
}

function alreadyStored(line: ParsedProxyLine, lang: Language): LineIssue {
  return {
    line: line.line,
    text: echoedLine(line.text),
    code: ALREADY_EXISTS_CODE,
    message: proxyMessages.alreadyStored()[lang],
  };
}
