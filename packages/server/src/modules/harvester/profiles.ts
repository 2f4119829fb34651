import { type HarvesterProfileInput, ResultCode } from '@tradedeck/sdk/contract';
import {
  type HarvesterProfile,
  type HarvesterSettings,
  harvesterProfileIssues,
  harvesterProfileMessages,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { AppError } from '../../http/app-error.ts';
import { harvesterMessages } from './messages.ts';
import type { HarvesterQueries, HarvesterRepo } from './repo.ts';
import { toProfile } from './views.ts';

/** The profile's settings without its name, as stored. */
function settingsOf(input: HarvesterProfileInput): HarvesterSettings {
  const { name: _name, ...settings } = input;
  return settings;
}

/** The spec's "Game profile" rule and the give-back currency rule, per field in both languages. */
function checkRules(settings: HarvesterSettings, lang: Language): void {
  const issues = harvesterProfileIssues(settings);
  if (issues.length === 0) return;
  const first = issues[0]!;
  throw new AppError({
    code: ResultCode.ValidationError,
    text: {
      ru: harvesterProfileMessages.ru[first.problem],
      en: harvesterProfileMessages.en[first.problem],
    },
    details: {
      fields: Object.fromEntries(
        issues.map((issue) => [issue.field, [harvesterProfileMessages[lang][issue.problem]]]),
      ),
      problems: issues,
    },
  });
}

/** Settings profiles: CRUD, duplicate and the one default. */
export class ProfilesService {
  constructor(
    private readonly repo: HarvesterRepo,
    private readonly now: () => number,
  ) {}

  list(userId: string): Promise<HarvesterProfile[]> {
    return this.repo.run(userId, async (q) => (await q.profiles()).map(toProfile));
  }

  create(userId: string, input: HarvesterProfileInput, lang: Language): Promise<HarvesterProfile> {
    const settings = settingsOf(input);
    checkRules(settings, lang);
    return this.repo.run(userId, async (q) => {
      await this.requireFreeName(q, input.name, null, lang);
      const isDefault = (await q.defaultProfile()) === null;
      return toProfile(await q.insertProfile({ name: input.name, settings, isDefault }));
    });
  }

  update(
    userId: string,
    id: number,
    input: HarvesterProfileInput,
    lang: Language,
  ): Promise<HarvesterProfile> {
    const settings = settingsOf(input);
    checkRules(settings, lang);
    return this.repo.run(userId, async (q) => {
      await this.requireFreeName(q, input.name, id, lang);
      const row = await q.updateProfile(id, { name: input.name, settings }, new Date(this.now()));
      if (!row) throw new AppError({ code: ResultCode.NotFound, text: harvesterMessages.profileNotFound });
      return toProfile(row);
    });
  }

  duplicate(userId: string, id: number, name: string | undefined, lang: Language): Promise<HarvesterProfile> {
    return this.repo.run(userId, async (q) => {
      const source = await q.profile(id);
      if (!source) throw new AppError({ code: ResultCode.NotFound, text: harvesterMessages.profileNotFound });
      const wanted = name ?? (await this.freeCopyName(q, source.name, lang));
      await this.requireFreeName(q, wanted, null, lang);
      return toProfile(await q.insertProfile({ name: wanted, settings: source.settings, isDefault: false }));
    });
  }

  remove(userId: string, id: number): Promise<{ id: number }> {
    return this.repo.run(userId, async (q) => {
      const removed = await q.deleteProfile(id);
      if (!removed)
        throw new AppError({ code: ResultCode.NotFound, text: harvesterMessages.profileNotFound });
      if (removed.isDefault) await q.setDefault(await q.oldestProfileId());
      return { id };
    });
  }

  setDefault(userId: string, id: number): Promise<HarvesterProfile> {
    return this.repo.run(userId, async (q) => {
      if (!(await q.profile(id)))
        throw new AppError({ code: ResultCode.NotFound, text: harvesterMessages.profileNotFound });
      await q.setDefault(id);
      return toProfile((await q.profile(id))!);
    });
  }

  private async requireFreeName(
    q: HarvesterQueries,
    name: string,
    exceptId: number | null,
    lang: Language,
  ): Promise<void> {
    if (await q.nameTaken(name, exceptId)) {
      throw new AppError({
        code: ResultCode.AlreadyExists,
        text: harvesterMessages.profileNameTaken,
        details: { fields: { name: [harvesterMessages.profileNameTaken[lang]] } },
      });
    }
  }

  /** "Name (copy)", then "Name (copy 2)"… the first one free, cut to the name's length limit. */
  private async freeCopyName(q: HarvesterQueries, name: string, lang: Language): Promise<string> {
    const base = harvesterMessages.copyName(name)[lang].slice(0, 64);
    if (!(await q.nameTaken(base, null))) return base;
    for (let n = 2; ; n++) {
      const candidate = `${base.slice(0, 60)} ${n}`;
      if (!(await q.nameTaken(candidate, null))) return candidate;
    }
  }
}
