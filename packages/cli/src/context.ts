import type { ApiClient } from '@tradedeck/sdk/client';
import type { Language } from '@tradedeck/sdk/i18n';
import { CliFailure, ExitCode } from './exit-codes.ts';
import { createSessionClient, type Prompt } from './session.ts';
import { DEFAULT_SERVER, Settings } from './settings.ts';
import { type MessageKey, message } from './texts/message.ts';

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  /** Asks the user (login, second factor); absent when nobody can answer. */
  prompt?: Prompt;
  /** Standard input, for commands that read `-`; absent when there is none. */
  stdin?: NodeJS.ReadableStream;
  /** The terminal behind stdout, when stdout is one: live views draw there; absent when stdout is piped. */
  terminal?: NodeJS.WriteStream;
  /** A person can answer questions: standard input and standard error are a terminal. */
  interactive?: boolean;
}

/** How a command group is registered: help texts in `lang`, the context built when the command runs. */
export interface Registration {
  lang: Language;
  context: () => CommandContext;
}

export interface GlobalOptions {
  server?: string;
  json?: boolean;
  lang?: string;
  token?: string;
  /** The workspace to act in, by id or name (else TRADEDECK_WORKSPACE, else the personal one). */
  workspace?: string;
}

/** What every command gets: the language, output mode, saved settings and an API client for the server. */
export interface CommandContext {
  readonly lang: Language;
  readonly json: boolean;
  readonly serverUrl: string;
  readonly settings: Settings;
  readonly io: Io;
  client(): ApiClient;
  /** The id of the workspace commands act in, once `resolveWorkspace` ran; null: the personal one. */
  workspaceId(): string | null;
  /** Turns a workspace named by name into its id (one call to the server); a no-op for an id or none. */
  resolveWorkspace(): Promise<void>;
  /** The refresh-cookie jar and token store behind the client (login and logout manage them). */
  session(): ReturnType<typeof createSessionClient>;
  t(key: MessageKey, params?: Record<string, string | number>): string;
  /** Prints a data answer: JSON when `--json` is on, else the plain lines. */
  print(data: unknown, plain: () => string): void;
}

export function createContext(options: GlobalOptions, io: Io): CommandContext {
  const settings = new Settings(io.env.TRADEDECK_CONFIG_DIR);
  const lang = resolveLanguage(options.lang ?? io.env.TRADEDECK_LANG, settings, io.env);
  const serverUrl = normalizeServerUrl(
    options.server ?? io.env.TRADEDECK_SERVER ?? settings.get('server') ?? DEFAULT_SERVER,
    lang,
  );
  const json = Boolean(options.json);
  const asked = (options.workspace ?? io.env.TRADEDECK_WORKSPACE)?.trim() || null;
  // An id is used as is; a name is looked up in the user's workspaces before the command runs.
  let workspaceId: string | null = asked && UUID.test(asked) ? asked.toLowerCase() : null;
  let session: ReturnType<typeof createSessionClient> | null = null;
  const openSession = () => {
    session ??= createSessionClient({
      baseUrl: serverUrl,
      lang,
      configDir: settings.directory,
      env: io.env,
      token: options.token ?? (io.env.TRADEDECK_TOKEN?.trim() || undefined),
      prompt: io.prompt,
      stderr: io.stderr,
      workspace: () => workspaceId,
    });
    return session;
  };
  return {
    lang,
    json,
    serverUrl,
    settings,
    io,
    client: () => openSession().client,
    workspaceId: () => workspaceId,
    async resolveWorkspace() {
      if (!asked || workspaceId) return;
      const { items } = await openSession().client.workspace.listMine({});
      const named = items.filter((w) => w.name.toLowerCase() === asked.toLowerCase());
      if (named.length !== 1) {
        const key = named.length === 0 ? 'workspaceUnknown' : 'workspaceAmbiguous';
        throw new CliFailure(message(lang, key, { name: asked }), ExitCode.Usage, { error: key });
      }
      workspaceId = named[0]!.id;
    },
    session: openSession,
    t: (key, params) => message(lang, key, params),
    print(data, plain) {
      io.stdout(json ? `${JSON.stringify(data, null, 2)}\n` : `${plain()}\n`);
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function resolveLanguage(explicit: string | undefined, settings: Settings, env: NodeJS.ProcessEnv): Language {
  const chosen = explicit ?? settings.get('language');
  if (chosen === undefined) return localeLanguage(env);
  if (chosen !== 'ru' && chosen !== 'en') {
    throw new CliFailure(message('en', 'badLanguage', { value: chosen }), ExitCode.Usage);
  }
  return chosen;
}

function localeLanguage(env: NodeJS.ProcessEnv): Language {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

/** The language for help texts, read before commander parses: `--lang`, then env, saved setting, locale. */
export function peekLanguage(argv: string[], env: NodeJS.ProcessEnv): Language {
  const index = argv.indexOf('--lang');
  const flag = index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith('--lang='))?.slice(7);
  for (const candidate of [
    flag,
    env.TRADEDECK_LANG,
    new Settings(env.TRADEDECK_CONFIG_DIR).get('language'),
  ]) {
    if (candidate === 'ru' || candidate === 'en') return candidate;
  }
  return localeLanguage(env);
}

export function normalizeServerUrl(value: string, lang: Language): string {
  const withScheme = /^[a-z]+:\/\//i.test(value) ? value : `http://${value}`;
  if (!URL.canParse(withScheme))
    throw new CliFailure(message(lang, 'badServerUrl', { value }), ExitCode.Usage);
  const url = new URL(withScheme);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliFailure(message(lang, 'badServerUrl', { value }), ExitCode.Usage);
  }
  return url.origin;
}
