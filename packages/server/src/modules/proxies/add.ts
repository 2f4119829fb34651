import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ProxyAddResult } from '@tradedeck/sdk/contract';
import {
  type ParsedProxyLine,
  type ProxyListParseResult,
  ProxyListReader,
  type ProxyProtocol,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { echoedLine } from '../../http/echo.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { ALREADY_EXISTS_CODE, proxyMessages } from './messages.ts';
import { type PasswordChange, PasswordChangeFinder, PasswordReplacer } from './password-changes.ts';
import type { NewProxyRow, ProxiesRepo, ProxyQueries } from './repo.ts';
import { IDENTITY_KEY_PURPOSE, identityHasher, passwordSlot } from './rows.ts';

export type LineIssue = ProxyAddResult['invalid'][number];

export interface ReadLines {
  /** Lines that are proxies the user does not have yet, each with its identity hash. */
  fresh: { parsed: ParsedProxyLine; hash: string }[];
  invalid: LineIssue[];
  /** Repeats of an earlier line and proxies already stored, in line order. */
  duplicates: LineIssue[];
  /** Fresh lines that give a stored proxy (same protocol, address and login) another password, in line order. */
  passwordChanges: PasswordChange[];
}

/**
 * Reads proxy lines as `parse` and `add` both need them: the sdk parser's verdict per line, with lines the user
 * already has moved to the duplicates. Reasons are in the request's language. The list is read, hashed and looked
 * up a chunk at a time with a turn of the event loop between chunks, so a 100,000-line list never holds the loop
 * for more than one chunk's work.
 */
export async function readProxyLines(
  repo: ProxiesRepo,
  secrets: SecretBox,
  userId: string,
  input: { proxies: string; defaultProtocol: ProxyProtocol },
  lang: Language,
): Promise<ReadLines> {
  const reader = new ProxyListReader(input.proxies, { defaultProtocol: input.defaultProtocol });
  const invalid: LineIssue[] = [];
  const duplicates: LineIssue[] = [];
  const hashOf = identityHasher((await secrets.openFor(userId)).deriveKey(IDENTITY_KEY_PURPOSE));
  const fresh: ReadLines['fresh'] = [];
  const passwordChanges = new PasswordChangeFinder();
  while (!reader.done) {
    await nextTurn();
    const block = reader.read(READ_CHUNK);
    collectIssues(block, lang, invalid, duplicates);
    if (block.proxies.length === 0) continue;
    const hashed = block.proxies.map((line) => ({
      parsed: line,
      hash: hashOf(line.identityKey),
    }));
    await nextTurn();
    await repo.run(userId, async (q) => {
      const stored = await q.existingHashes(hashed.map((line) => line.hash));
      const chunkFresh = hashed.filter((line) => !stored.has(line.hash));
      for (const line of hashed) if (stored.has(line.hash)) duplicates.push(alreadyStored(line.parsed, lang));
      fresh.push(...chunkFresh);
      await passwordChanges.look(
        q,
        chunkFresh.map((line) => line.parsed),
      );
    });
  }
  duplicates.sort((a, b) => a.line - b.line);
  return { fresh, invalid, duplicates, passwordChanges: passwordChanges.found };
}

/** Proxies read, hashed and looked up per turn of the event loop (a few milliseconds of work). */
const READ_CHUNK = 1_000;

/** Appends the invalid and repeated lines of a parsed block, reasons in the request's language. */
function collectIssues(
  parsed: ProxyListParseResult,
  lang: Language,
  invalid: LineIssue[],
  duplicates: LineIssue[],
): void {
  for (const line of parsed.invalid)
    invalid.push({
      line: line.line,
      text: echoedLine(line.text),
      code: line.reason.code,
      message: line.reason[lang],
    });
  for (const line of parsed.duplicates)
    duplicates.push({
      line: line.line,
      text: echoedLine(line.text),
      code: ALREADY_EXISTS_CODE,
      message: proxyMessages.repeatsLine(line.firstLine)[lang],
    });
}

/** The tag an add puts on its proxies: its id when it exists before the insert, and the step that links it. */
export interface ProxyTagStep {
  knownId: number | null;
  link: (q: ProxyQueries, ids: number[]) => Promise<void>;
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
  tagStep: (q: ProxyQueries) => Promise<ProxyTagStep | null>,
  /** Lines (by number) that replace the password of a stored proxy instead of adding a row. */
  passwordChanges: readonly PasswordChange[] = [],
): Promise<ProxyAddResult> {
  // Made anew in each try of the transaction below: a retried transaction reads the whole list again.
  let reader = new ProxyListReader(input.proxies, { defaultProtocol: input.defaultProtocol });
  const invalid: LineIssue[] = [];
  const duplicates: LineIssue[] = [];
  const box = await secrets.openFor(userId);
  const hashOf = identityHasher(box.deriveKey(IDENTITY_KEY_PURPOSE));
  /**
   * The lines to insert (number and text only, for the answer: the parsed proxy is dropped once sealed) and their
   * identity hashes, in line order, filled as the chunks are read.
   */
  const lines: LineRef[] = [];
  const hashes: string[] = [];
  const replacer = new PasswordReplacer(passwordChanges);
  /** The line's sealed row to insert, or null when the line replaces a stored proxy's password instead. */
  const rowOf = (line: ParsedProxyLine): NewProxyRow | null => {
    const { proxy } = line;
    const hash = hashOf(line.identityKey);
    const password = proxy.credentials?.password ?? '';
    const row = {
      protocol: proxy.protocol,
      host: proxy.host,
      port: proxy.port,
      username: proxy.credentials?.username ?? null,
      passwordEnc: password === '' ? null : box.encrypt(passwordSlot(userId, hash), password),
      name: proxy.name,
      identityHash: hash,
    };
    if (replacer.take(line, row)) return null;
    lines.push({ line: line.line, text: line.text });
    hashes.push(hash);
    return row;
  };
  // Read, hashed and sealed a chunk at a time, as the insert asks for it: the next chunk is read and sealed while
  // the database writes the one before, and the first insert starts after the first chunk's lines, not the
  // whole list's. A turn of the event loop between slices keeps a chunk's sealing from holding the loop: the
  // statement before it finishes going out, and other requests are answered.
  async function* sealed(): AsyncGenerator<NewProxyRow[]> {
    for (let size = FIRST_CHUNK; !reader.done; size = Math.min(size * 2, CHUNK)) {
      const rows: NewProxyRow[] = [];
      while (rows.length < size && !reader.done) {
        const block = reader.read(Math.min(SLICE, size - rows.length));
        collectIssues(block, lang, invalid, duplicates);
        for (const line of block.proxies) {
          const row = rowOf(line);
          if (row !== null) rows.push(row);
        }
        await nextTurn();
      }
      if (rows.length > 0) yield rows;
    }
  }
  const { inserted, replaced } = await repo.run(userId, async (q) => {
    reader = new ProxyListReader(input.proxies, { defaultProtocol: input.defaultProtocol });
    invalid.length = 0;
    duplicates.length = 0;
    lines.length = 0;
    hashes.length = 0;
    replacer.reset();
    const tag = await tagStep(q);
    const done = await q.insertNewChunks(sealed(), tag?.knownId ? [tag.knownId] : []);
    const changed = await replacer.apply(q);
    // The tag goes on every proxy the lines name, new ones and those given a new password.
    const tagged = [...done.values(), ...changed.ids];
    if (tag && tagged.length > 0) await tag.link(q, tagged);
    return { inserted: done, replaced: changed };
  });
  hashes.forEach((hash, index) => {
    if (!inserted.has(hash)) duplicates.push(alreadyStored(lines[index]!, lang));
  });
  for (const line of replaced.missed) duplicates.push(passwordNotReplaced(line, lang));
  duplicates.sort((a, b) => a.line - b.line);
  return {
    addedIds: [...inserted.values()].sort((a, b) => a - b),
    updatedIds: replaced.ids,
    duplicates,
    invalid,
  };
}

/**
 * Rows per insert: a small first chunk, so the database starts while the rest is read, then twice as many each
 * time up to CHUNK. The database writes a row in about twice the time the server reads, hashes and seals it, so
 * each chunk is ready about when the database is done with the one before.
 */
const FIRST_CHUNK = 2_000;
const CHUNK = 20_000;
/** Lines read and sealed between turns of the event loop (a few milliseconds of work). */
const SLICE = 1_000;

function passwordNotReplaced(line: ParsedProxyLine, lang: Language): LineIssue {
  return {
    line: line.line,
    text: echoedLine(line.text),
    code: ALREADY_EXISTS_CODE,
    message: proxyMessages.passwordNotReplaced[lang],
  };
}

/** A line as an answer names it. */
type LineRef = Pick<ParsedProxyLine, 'line' | 'text'>;

function alreadyStored(line: LineRef, lang: Language): LineIssue {
  return {
    line: line.line,
    text: echoedLine(line.text),
    code: ALREADY_EXISTS_CODE,
    message: proxyMessages.alreadyStored()[lang],
  };
}
