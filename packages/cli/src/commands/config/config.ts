import type { Command } from 'commander';
import { type CommandContext, normalizeServerUrl, type Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { addCommand } from '../../kit/add-command.ts';
import { openSessionStore, type SessionStore } from '../../session-store.ts';
import { SETTING_KEYS, type SettingKey } from '../../settings.ts';
import { CONFIG, CONFIG_COMMANDS } from './specs.ts';

export function registerConfig(program: Command, { lang, context }: Registration): void {
  const config = addCommand(program, CONFIG, lang);

  addCommand(config, CONFIG_COMMANDS.get, lang).action((key: string | undefined) => {
    const ctx = context();
    if (key === undefined) {
      const all = ctx.settings.all();
      const session = sessionLocation(ctx);
      ctx.print({ ...all, file: ctx.settings.path, session }, () =>
        SETTING_KEYS.map((name) => `${name}=${all[name] ?? ''}`).join('\n'),
      );
      // Where the settings and the session live; stdout keeps only key=value lines.
      if (!ctx.json) {
        ctx.io.stderr(`${ctx.t('settingsFile', { path: ctx.settings.path })}\n`);
        ctx.io.stderr(`${ctx.t('sessionStore', { where: session.location })}\n`);
      }
      return;
    }
    const name = checkKey(ctx, key);
    const value = ctx.settings.get(name) ?? null;
    ctx.print({ [name]: value }, () => String(value ?? ''));
  });

  addCommand(config, CONFIG_COMMANDS.set, lang).action(async (key: string, value: string) => {
    const ctx = context();
    const name = checkKey(ctx, key);
    if (name === 'server') {
      const url = normalizeServerUrl(value, ctx.lang);
      await ctx.settings.set('server', url);
      ctx.print({ server: url }, () => ctx.t('saved', { key: name, value: url }));
      return;
    }
    if (value !== 'ru' && value !== 'en')
      throw new CliFailure(ctx.t('badLanguage', { value }), ExitCode.Usage);
    await ctx.settings.set('language', value);
    ctx.print({ language: value }, () => ctx.t('saved', { key: name, value }));
  });
}

/** The keyring, or the folder of the 0600 session files (`token.json`, `session.json`). */
function sessionLocation(ctx: CommandContext): { store: SessionStore['kind']; location: string } {
  const store = openSessionStore(ctx.settings.directory, ctx.io.env);
  return { store: store.kind, location: store.location };
}

function checkKey(ctx: CommandContext, key: string): SettingKey {
  if ((SETTING_KEYS as readonly string[]).includes(key)) return key as SettingKey;
  throw new CliFailure(ctx.t('unknownSetting', { key, known: SETTING_KEYS.join(', ') }), ExitCode.Usage);
}
