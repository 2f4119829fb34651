export { Listeners } from './listeners.ts';
