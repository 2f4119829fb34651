import type { OperationClass, WorkspaceRole } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import type { MoveFailure } from './move-repo.ts';

type Texts = Record<Language, string>;

/** Texts of the workspaces area. */
export const workspaceMessages = {
  // The same answer for a workspace that does not exist and one the caller is not a member of.
  notFound: { ru: 'Рабочее пространство не найдено', en: 'Workspace not found' } as Texts,
  memberNotFound: { ru: 'Участник не найден', en: 'Member not found' } as Texts,
  inviteInvalid: {
    ru: 'Приглашение недействительно: ссылка неверна, истекла или уже использована',
    en: 'The invitation is not valid: the link is wrong, expired or already used',
  } as Texts,
  inviteOtherAddress: {
    ru: 'Приглашение отправлено на другой адрес: войдите под тем e-mail, на который оно пришло',
    en: 'The invitation was sent to another address: sign in with the e-mail it was sent to',
  } as Texts,
  alreadyMember: {
    ru: 'Этот человек уже участник пространства',
    en: 'This person is already a member',
  } as Texts,
  personalNoMembers: {
    ru: 'В личное пространство нельзя приглашать: создайте командное',
    en: 'A personal workspace has no other members: create a team workspace',
  } as Texts,
  ownerStays: {
    ru: 'Владелец не может покинуть пространство или потерять свою роль',
    en: 'The owner cannot leave the workspace or lose the owner role',
  } as Texts,
};

/** What only an owner may do, whatever the other role. */
const ownerOnly: Record<'members' | 'secrets', Texts> = {
  members: {
    ru: 'Управлять пространством, участниками и журналом может только владелец',
    en: 'Only the owner manages the workspace, its members and its audit log',
  },
  secrets: {
    ru: 'Секреты в открытом виде показываются только владельцу пространства',
    en: 'Secrets are shown in clear to the workspace owner only',
  },
};

/** Why a role may not call an operation of a class: the refusal names what the role lacks. */
export const roleRefusals: Record<Exclude<WorkspaceRole, 'owner'>, Partial<Record<OperationClass, Texts>>> = {
  viewer: {
    act: {
      ru: 'Наблюдатель только просматривает данные пространства: действия недоступны',
      en: 'A viewer only reads the workspace: actions are not available',
    },
    members: ownerOnly.members,
    secrets: ownerOnly.secrets,
  },
  operator: {
    members: ownerOnly.members,
    secrets: ownerOnly.secrets,
  },
};

/** Operators may not send money outside the workspace. */
export const outsideTransferRefusal: Texts = {
  ru: 'Оператор может переводить деньги только между аккаунтами этого пространства',
  en: 'An operator may send money only between accounts of this workspace',
};

/** The invitation mail, in the inviter's language. */
export const inviteMail: Record<
  Language,
  (p: { workspace: string; inviter: string; link: string }) => { subject: string; text: string }
> = {
  ru: ({ workspace, inviter, link }) => ({
    subject: `Приглашение в пространство «${workspace}» в Tradedeck`,
    text: `${inviter} приглашает вас в рабочее пространство «${workspace}».\n\nЧтобы принять приглашение, войдите в Tradedeck с этим адресом и откройте ссылку (действует 7 дней):\n${link}\n\n— Tradedeck`,
  }),
  en: ({ workspace, inviter, link }) => ({
    subject: `Invitation to the "${workspace}" workspace on Tradedeck`,
    text: `${inviter} invites you to the workspace "${workspace}".\n\nTo accept, sign in to Tradedeck with this address and open the link (valid for 7 days):\n${link}\n\n— Tradedeck`,
  }),
};

/** Texts of moving personal data into a team workspace. */
export const moveMessages = {
  intoTeamOnly: {
    ru: 'Переносить данные можно только в командное пространство: выберите его и повторите',
    en: 'Data moves into a team workspace only: switch to it and try again',
  } as Texts,
  moveNotFound: { ru: 'Перенос не найден', en: 'Move not found' } as Texts,
  failures: {
    notFound: {
      ru: 'Не найден в вашем личном пространстве',
      en: 'Not found in your personal workspace',
    },
    running: {
      ru: 'Продавец или сборщик этого аккаунта запущен: остановите его и повторите перенос',
      en: 'A seller or harvester of this account is running: stop it and move again',
    },
    proxyShared: {
      ru: 'Прокси общий с аккаунтами, которые остаются: перенесите их вместе',
      en: 'Its proxy is shared with accounts that stay: move them together',
    },
    duplicate: {
      ru: 'В командном пространстве уже есть аккаунт с этим логином или прокси с этим адресом',
      en: 'The team workspace already has an account of this login or a proxy of this address',
    },
  } as Record<MoveFailure, Texts>,
};
