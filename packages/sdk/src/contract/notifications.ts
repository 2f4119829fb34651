import { z } from 'zod';
import { moneySchema } from '../domain/money/money-schema.ts';
import { platformReasonSchema } from '../domain/p2p/seller.ts';
import { emptyInput, isoDateTime } from './common.ts';
import { idParam, listOutputSchema, pagesSchema, sortSchema } from './lists.ts';
import { defineOperation } from './operation.ts';

/** Hub source of the notification events on `notifications-hub`. */
export const NOTIFICATIONS_SOURCE = 'notifications';

/** Bulk jobs whose end is worth a notification. */
export const BULK_JOB_KINDS = [
  'proxyCheck',
  'proxyImport',
  'sellerStart',
  'sellerPause',
  'sellerStop',
  'sellerRemove',
] as const;

const count = z.number().int().nonnegative();

/**
 * What a notification says, as a kind and its parameters: the text is made at display time in the reader's
 * language, so a notification never carries free text (and so never a secret).
 */
export const notificationContentSchema = z.discriminatedUnion('kind', [
  /** A seller account's marketplace platform went to status error (bad key, selling ban). */
  z.object({
    kind: z.literal('sellerPlatformError'),
    params: z.object({
      accountId: z.number().int().positive(),
      login: z.string().max(200),
      reason: platformReasonSchema.nullable(),
    }),
  }),
  /**
   * An item sold on two markets at once: the first sale is delivered, this one is held back (never sent) and the
   * market cancels it.
   */
  z.object({
    kind: z.literal('saleHeldBack'),
    params: z.object({
      accountId: z.number().int().positive(),
      login: z.string().max(200),
      platform: z.enum(['tm', 'waxpeer']),
      items: count,
    }),
  }),
  /** A bulk job ended: how many items it had, how many succeeded and failed. */
  z.object({
    kind: z.literal('bulkJobFinished'),
    params: z.object({ job: z.enum(BULK_JOB_KINDS), total: count, succeeded: count, failed: count }),
  }),
  /** A harvester session ended: every transaction reached an end, or the user completed it. */
  z.object({
    kind: z.literal('harvesterSessionEnded'),
    params: z.object({
      sessionId: z.number().int().positive(),
      completed: count,
      failed: count,
      cancelled: count,
    }),
  }),
  /** A balance transfer's outcome: sent, not sent, or unknown while it is checked by its custom id. */
  z.object({
    kind: z.literal('transfer'),
    params: z.object({
      outcome: z.enum(['sent', 'notSent', 'unknown']),
      amount: moneySchema,
      fromLogin: z.string().max(200),
      toLogin: z.string().max(200),
    }),
  }),
  /**
   * A trade of ours was rolled back under Trade Protection after it was accepted: what it carried (a harvester
   * transaction, a seller delivery, a move between own accounts), the account and the trade.
   */
  z.object({
    kind: z.literal('tradeReversed'),
    params: z.object({
      subject: z.enum(['harvester', 'delivery', 'move']),
      subjectId: z.number().int().positive(),
      login: z.string().max(200),
      tradeId: z.string().max(40),
    }),
  }),
  /** A sale was reversed (Steam rolled the trade back, or TM's history shows it cancelled after delivery). */
  z.object({
    kind: z.literal('saleReversed'),
    params: z.object({
      item: z.string().max(300),
      login: z.string().max(200),
      /** The buyer's SteamID when the trade named one. */
      buyer: z.string().max(40).nullable(),
      amount: moneySchema,
    }),
  }),
]);
export type NotificationContent = z.infer<typeof notificationContentSchema>;
export type NotificationKind = NotificationContent['kind'];
export type NotificationParams<K extends NotificationKind> = Extract<
  NotificationContent,
  { kind: K }
>['params'];

/** A notification as the panel lists it. `link` is a panel path to open (`/panel/p2p/accounts`), or null. */
export const notificationSchema = z.intersection(
  notificationContentSchema,
  z.object({
    id: z.number().int().positive(),
    link: z.string().max(500).nullable(),
    read: z.boolean(),
    createdAt: isoDateTime,
  }),
);
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_SORT_PROPERTIES = ['createdAt', 'id'] as const;

export const notificationQueryInput = z.object({
  /** Only unread (true) or only read (false) notifications; all when absent. */
  read: z.boolean().nullable().optional(),
  pages: pagesSchema,
  sort: sortSchema(NOTIFICATION_SORT_PROPERTIES),
});

const unreadOutput = z.object({ unread: count });

export const notifications = {
  query: defineOperation({
    id: 'notifications.query',
    method: 'POST',
    path: '/api/notifications/query',
    summary:
      "A page of the user's notifications, newest first unless sorted otherwise, optionally read or unread only",
    input: notificationQueryInput,
    output: listOutputSchema(notificationSchema),
    flags: {},
  }),
  unreadCount: defineOperation({
    id: 'notifications.unreadCount',
    method: 'GET',
    path: '/api/notifications/unread-count',
    summary: "How many of the user's notifications are unread",
    input: emptyInput,
    output: unreadOutput,
    flags: {},
  }),
  markRead: defineOperation({
    id: 'notifications.markRead',
    method: 'POST',
    path: '/api/notifications/:id/read',
    summary: 'Mark one notification read',
    input: idParam,
    output: unreadOutput,
    flags: {},
  }),
  markAllRead: defineOperation({
    id: 'notifications.markAllRead',
    method: 'POST',
    path: '/api/notifications/read-all',
    summary: "Mark every one of the user's notifications read",
    input: emptyInput,
    output: unreadOutput,
    flags: {},
  }),
} as const;

/** A notification was posted: it, and the unread count after it. */
export const notificationPostedSchema = z.object({ notification: notificationSchema, unread: count });
/** Notifications were marked read (one id, or all): the unread count after. */
export const notificationsReadSchema = z.object({
  id: z.number().int().positive().nullable(),
  unread: count,
});
