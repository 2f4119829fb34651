export * from './messages.ts';
export * from './notifications.ts';
