export * from './distribute.ts';
export * from './filters.ts';
export * from './give-back.ts';
export * from './items.ts';
export * from './messages.ts';
export * from './plan.ts';
export * from './profile-rules.ts';
export * from './schemas.ts';
