import { type CommandSpec, type OptionSpec, PAGING_OPTIONS, YES_OPTION } from '../../kit/spec.ts';

/** `tradedeck harvester`: the group's command. */
export const HARVESTER: CommandSpec = { path: ['harvester'], text: 'harvesterDescription' };

/** Every option that sets a profile field, shared by add and edit. */
const PROFILE_FIELDS: readonly OptionSpec[] = [
  { flags: '--name <name>', text: 'optProfileName' },
  { flags: '--games <games>', text: 'optGames' },
  { flags: '--give-back <types>', text: 'optGiveBack' },
  { flags: '--allow-empty', text: 'optAllowEmpty' },
  { flags: '--no-allow-empty', text: 'optNoAllowEmpty' },
  { flags: '--threshold <amount>', text: 'optThreshold' },
  { flags: '--return-items <n>', text: 'optReturnItems' },
  { flags: '--return-limit <amount>', text: 'optReturnLimit' },
  { flags: '--currency <code>', text: 'optAmountsCurrency' },
  { flags: '--priority <types>', text: 'optPriority' },
  { flags: '--distribution <mode>', text: 'optDistribution' },
  { flags: '--cap <n>', text: 'optCap' },
  { flags: '--max-price <amount>', text: 'optMaxPrice' },
  { flags: '--max-items <n>', text: 'optMaxItems' },
  { flags: '--default', text: 'optDefault' },
];

/** The commands of `tradedeck harvester`, in help order. */
export const HARVESTER_COMMANDS = {
  profiles: { path: ['harvester', 'profiles'], text: 'harvesterProfilesDescription' },
  profilesLs: { path: ['harvester', 'profiles', 'ls'], text: 'harvesterProfilesLsDescription' },
  profilesAdd: {
    path: ['harvester', 'profiles', 'add'],
    text: 'harvesterProfilesAddDescription',
    options: PROFILE_FIELDS,
  },
  profilesEdit: {
    path: ['harvester', 'profiles', 'edit'],
    args: ['<profile>'],
    text: 'harvesterProfilesEditDescription',
    options: [{ flags: '--duplicate <name>', text: 'optDuplicate' }, ...PROFILE_FIELDS],
  },
  profilesRm: {
    path: ['harvester', 'profiles', 'rm'],
    args: ['<profile>'],
    text: 'harvesterProfilesRmDescription',
    options: [YES_OPTION],
  },
  sessions: { path: ['harvester', 'sessions'], text: 'harvesterSessionsDescription' },
  sessionsLs: {
    path: ['harvester', 'sessions', 'ls'],
    text: 'harvesterSessionsLsDescription',
    options: PAGING_OPTIONS,
  },
  start: {
    path: ['harvester', 'start'],
    text: 'harvesterStartDescription',
    options: [
      { flags: '--profile <profile>', text: 'optSessionProfile' },
      { flags: '--sources <accounts>', text: 'optSources' },
      { flags: '--targets <accounts>', text: 'optTargets' },
      { flags: '--name <name>', text: 'optSessionName' },
      { flags: '--no-start', text: 'optNoStart' },
    ],
  },
  pause: { path: ['harvester', 'pause'], args: ['<id>'], text: 'harvesterPauseDescription' },
  resume: { path: ['harvester', 'resume'], args: ['<id>'], text: 'harvesterResumeDescription' },
  complete: {
    path: ['harvester', 'complete'],
    args: ['<id>'],
    text: 'harvesterCompleteDescription',
    options: [YES_OPTION],
  },
  tx: {
    path: ['harvester', 'tx'],
    args: ['<session>'],
    text: 'harvesterTxDescription',
    options: [
      { flags: '--status <status>', text: 'optTxStatus', many: true },
      { flags: '--account <account>', text: 'optTxAccount' },
      { flags: '--restart', text: 'optRestart' },
      { flags: '--cancel', text: 'optCancel' },
      { flags: '--ids <ids>', text: 'optTxIds' },
      ...PAGING_OPTIONS,
    ],
  },
  watch: { path: ['harvester', 'watch'], args: ['[id]'], text: 'harvesterWatchDescription' },
} as const satisfies Record<string, CommandSpec>;
