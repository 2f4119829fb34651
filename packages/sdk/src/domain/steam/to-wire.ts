/** Converts domain results into the wire shapes of `schemas.ts`, with messages in the caller's language. */
import type { Language } from '../../i18n/messages.ts';
import { loginOfMafile } from './add-rows.ts';
import type { ExtractedMafile, ExtractMafilesResult, InvalidMafile } from './extract-mafiles.ts';
import {
  type AddAccountReason,
  addAccountReasonMessages,
  type LineFailureReason,
  lineFailureMessages,
  mafileFailureMessages,
} from './messages.ts';
import type { ProxyPart } from './proxy-part.ts';
import type { ExtractMafilesResultWire, InlineProxy } from './schemas.ts';

export function toInlineProxy(proxy: ProxyPart | null): InlineProxy | null {
  if (!proxy) return null;
  return {
    protocol: proxy.protocol,
    address: proxy.host,
    port: proxy.port,
    username: proxy.username,
    password: proxy.password,
  };
}

export function extractedMafileToWire(
  item: ExtractedMafile,
): ExtractMafilesResultWire['extractedData'][number] {
  return {
    fileName: item.fileName,
    login: loginOfMafile(item),
    steamId: item.mafile.steamId,
    variant: item.mafile.variant,
    hasIdentitySecret: item.mafile.identitySecret !== null,
    hasSession: item.mafile.session !== null,
    warnings: item.mafile.warnings,
    proxy: toInlineProxy(item.mafile.embeddedProxy),
    mafile: item.text,
  };
}

export function invalidMafileToWire(
  item: InvalidMafile,
  language: Language,
): ExtractMafilesResultWire['invalidMafiles'][number] {
  return { ...item, message: mafileFailureMessages[language][item.reason] };
}

export function extractResultToWire(
  result: ExtractMafilesResult,
  language: Language,
): ExtractMafilesResultWire {
  return {
    extractedData: result.extracted.map(extractedMafileToWire),
    invalidMafiles: result.invalid.map((item) => invalidMafileToWire(item, language)),
  };
}

export function lineErrorToWire(
  error: { line: number; reason: LineFailureReason; login?: string | null; account?: string | null },
  language: Language,
): { line: number; account: string | null; reason: LineFailureReason; message: string } {
  return {
    line: error.line,
    account: error.account ?? error.login ?? null,
    reason: error.reason,
    message: lineFailureMessages[language][error.reason],
  };
}

/** One entry of the add result's `errors` map. */
export function addErrorToWire(
  reason: AddAccountReason,
  language: Language,
): { reason: AddAccountReason; message: string } {
  return { reason, message: addAccountReasonMessages[language][reason] };
}
