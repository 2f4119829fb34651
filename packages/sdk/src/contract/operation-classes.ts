import type { Operation } from './operation.ts';

/**
 * What an operation does to a workspace, which decides the roles that may call it (docs/workspaces.md, "Roles"):
 * - `read`: reads the workspace's data; every member.
 * - `act`: changes state or acts on Steam and the markets; owners and operators.
 * - `members`: manages the workspace itself (members, invitations, the audit log); owners only.
 * - `secrets`: shows a secret in clear (a password export, a guard code, a saved key); owners only.
 * State-changing classes (all but `read`) and every `secrets` call are written to the audit log.
 */
export type OperationClass = 'read' | 'act' | 'members' | 'secrets';

/**
 * Areas that act on the signed-in user's own account or on the user's membership list, never on a workspace's
 * data: the active workspace and its role do not apply to them. `settings` (the displayed and the market's
 * preferred currency) are the signed-in user's own preferences, kept on its account, in every workspace.
 */
export const ACCOUNT_AREAS: ReadonlySet<string> = new Set(['auth', 'system', 'user', 'admin', 'settings']);

/** Operations of the `workspace` area on the caller's own memberships, whatever workspace is active. */
export const ACCOUNT_OPERATIONS: ReadonlySet<string> = new Set([
  'workspace.listMine',
  'workspace.create',
  'workspace.accept',
  'workspace.leave',
]);

/** Whether an operation ignores the active workspace (it acts on the caller's own account). */
export function isAccountOperation(op: Pick<Operation, 'id'>): boolean {
  return ACCOUNT_AREAS.has(op.id.split('.')[0]!) || ACCOUNT_OPERATIONS.has(op.id);
}

/** The class of every operation, by id: one place (a test fails on an operation without one). */
export const OPERATION_CLASSES: Readonly<Record<string, OperationClass>> = {
  // auth
  'auth.login': 'act',
  'auth.register': 'act',
  'auth.confirmEmail': 'act',
  'auth.resendConfirmation': 'act',
  'auth.forgotPassword': 'act',
  'auth.resetPassword': 'act',
  'auth.logout': 'act',
  'auth.refreshToken': 'act',
  // system
  'system.status': 'read',
  // user
  'user.getInfo': 'read',
  'user.changePassword': 'act',
  'user.requestTwoFactor': 'act',
  'user.requestEmailChange': 'act',
  'user.changeEmail': 'act',
  'user.getOtpKey': 'secrets',
  'user.setupAuthenticator': 'act',
  'user.setupEmailOtp': 'act',
  'user.regenerateRecoveryCodes': 'secrets',
  'user.stepUp': 'act',
  'user.listSessions': 'read',
  'user.revokeSession': 'act',
  'user.revokeAllSessions': 'act',
  'user.setLanguage': 'act',
  // admin
  'admin.listUsers': 'read',
  'admin.approveUser': 'act',
  'admin.banUser': 'act',
  'admin.endUserSessions': 'act',
  'admin.unbanUser': 'act',
  'admin.listOutbox': 'read',
  'admin.listLeases': 'read',
  // search
  'search.global': 'read',
  // settings
  'settings.get': 'read',
  'settings.update': 'act',
  // proxies
  'proxies.query': 'read',
  'proxies.counters': 'read',
  'proxies.querySpec': 'read',
  'proxies.listTags': 'read',
  'proxies.parse': 'read',
  'proxies.add': 'act',
  'proxies.get': 'read',
  'proxies.remove': 'act',
  'proxies.batchRemove': 'act',
  'proxies.updateName': 'act',
  'proxies.updateCredentials': 'act',
  'proxies.addOrCreateTag': 'act',
  'proxies.removeTag': 'act',
  'proxies.batchAddTag': 'act',
  'proxies.batchRemoveTag': 'act',
  'proxies.check': 'act',
  'proxies.export': 'secrets',
  // steamAccounts
  'steamAccounts.query': 'read',
  'steamAccounts.counters': 'read',
  'steamAccounts.querySpec': 'read',
  'steamAccounts.listTags': 'read',
  'steamAccounts.extractMafiles': 'read',
  'steamAccounts.add': 'act',
  'steamAccounts.addJob': 'act',
  'steamAccounts.parseAccountsToProxies': 'read',
  'steamAccounts.batchSetProxies': 'act',
  'steamAccounts.batchSetProxiesFromData': 'act',
  'steamAccounts.batchAddTag': 'act',
  'steamAccounts.batchRemoveTag': 'act',
  'steamAccounts.batchRemove': 'act',
  'steamAccounts.get': 'read',
  'steamAccounts.remove': 'act',
  'steamAccounts.setProxy': 'act',
  'steamAccounts.updatePassword': 'act',
  'steamAccounts.credentialsStatus': 'read',
  'steamAccounts.updateCredentials': 'act',
  'steamAccounts.addTag': 'act',
  'steamAccounts.removeTag': 'act',
  'steamAccounts.guardCode': 'secrets',
  'steamAccounts.guardCodeByLogin': 'secrets',
  // steamTrading
  'steamTrading.inventory': 'read',
  'steamTrading.refreshInventories': 'act',
  'steamTrading.refreshSchedule': 'read',
  // The owner sets how often the workspace reads Steam, like its other workspace-wide settings.
  'steamTrading.setRefreshSchedule': 'members',
  'steamTrading.offers': 'read',
  'steamTrading.getOffer': 'read',
  'steamTrading.sendOffer': 'act',
  'steamTrading.acceptOffer': 'act',
  'steamTrading.declineOffer': 'act',
  'steamTrading.cancelOffer': 'act',
  'steamTrading.confirmOffers': 'act',
  'steamTrading.intents': 'read',
  'steamTrading.sandboxEndSessions': 'act',
  'steamTrading.sandboxLiftTradeCase': 'act',
  // confirmations
  'confirmations.list': 'read',
  'confirmations.answer': 'act',
  'confirmations.answerOffer': 'act',
  'confirmations.answerMatching': 'act',
  'confirmations.job': 'read',
  'confirmations.rules': 'read',
  'confirmations.setRule': 'act',
  'confirmations.applyRules': 'act',
  // p2p
  'p2p.query': 'read',
  'p2p.counters': 'read',
  'p2p.get': 'read',
  'p2p.create': 'act',
  'p2p.update': 'act',
  'p2p.start': 'act',
  'p2p.pause': 'act',
  'p2p.stop': 'act',
  'p2p.remove': 'act',
  'p2p.resetError': 'act',
  'p2p.deliveries': 'read',
  'p2p.changeCurrency': 'act',
  'p2p.sandboxSimulateSales': 'act',
  // harvester
  'harvester.listProfiles': 'read',
  'harvester.createProfile': 'act',
  'harvester.updateProfile': 'act',
  'harvester.duplicateProfile': 'act',
  'harvester.removeProfile': 'act',
  'harvester.setDefaultProfile': 'act',
  'harvester.listSessions': 'read',
  'harvester.getSession': 'read',
  'harvester.createSession': 'act',
  'harvester.startSession': 'act',
  'harvester.pauseSession': 'act',
  'harvester.completeSession': 'act',
  'harvester.sessionSummary': 'read',
  'harvester.transactions': 'read',
  'harvester.restartTransactions': 'act',
  'harvester.cancelTransactions': 'act',
  // notifications
  'notifications.query': 'read',
  'notifications.unreadCount': 'read',
  'notifications.markRead': 'act',
  'notifications.markAllRead': 'act',
  // rates
  'rates.get': 'read',
  // transfer
  'transfer.accounts': 'read',
  'transfer.balance': 'read',
  'transfer.memberCheck': 'read',
  'transfer.send': 'act',
  'transfer.get': 'read',
  'transfer.check': 'act',
  'transfer.history': 'read',
  'transfer.revealKey': 'secrets',
  // lots
  'lots.query': 'read',
  'lots.groups': 'read',
  'lots.counters': 'read',
  'lots.get': 'read',
  'lots.setThresholds': 'act',
  'lots.update': 'act',
  'lots.copySettings': 'act',
  'lots.repricePreview': 'read',
  'lots.repriceApply': 'act',
  'lots.repriceJob': 'read',
  'lots.remove': 'act',
  'lots.sync': 'act',
  'lots.addToSale': 'act',
  // sales
  'sales.query': 'read',
  'sales.totals': 'read',
  'sales.revenueByDay': 'read',
  'sales.export': 'read',
  // priceProfile
  'priceProfile.query': 'read',
  'priceProfile.import': 'act',
  'priceProfile.setCustom': 'act',
  'priceProfile.history': 'read',
  // pacing
  'pacing.state': 'read',
  // portfolio
  'portfolio.query': 'read',
  'portfolio.totals': 'read',
  'portfolio.holding': 'read',
  'portfolio.export': 'read',
  'portfolio.saleLots': 'read',
  // ledger
  'ledger.profit': 'read',
  'ledger.entries': 'read',
  'ledger.export': 'read',
  'ledger.holds': 'read',
  'ledger.importPurchases': 'act',
  'ledger.correct': 'act',
  'ledger.reconcile': 'read',
  // workspace
  'workspace.listMine': 'read',
  'workspace.create': 'act',
  'workspace.members': 'read',
  'workspace.invite': 'members',
  'workspace.accept': 'act',
  'workspace.setMember': 'members',
  'workspace.removeMember': 'members',
  'workspace.leave': 'act',
  // Only an owner of both moves data between them: the personal workspace is the caller's own.
  'workspace.move': 'members',
  'workspace.moveJob': 'members',
  // audit
  'audit.list': 'members',
  'audit.export': 'members',
  'audit.retention': 'members',
  'audit.setRetention': 'members',
};

/** The class of an operation; an operation missing from the table is treated as the strictest (owner only). */
export function operationClass(op: Pick<Operation, 'id'>): OperationClass {
  return OPERATION_CLASSES[op.id] ?? 'secrets';
}

/** The classes each role may call. */
export const ROLE_CLASSES = {
  owner: ['read', 'act', 'members', 'secrets'],
  operator: ['read', 'act'],
  viewer: ['read'],
} as const satisfies Record<string, readonly OperationClass[]>;

/** Whether a member with this role may call an operation of this class. */
export function roleAllows(role: keyof typeof ROLE_CLASSES, cls: OperationClass): boolean {
  return (ROLE_CLASSES[role] as readonly OperationClass[]).includes(cls);
}
