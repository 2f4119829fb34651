import type { i18n } from 'i18next';
import { type AppServices, createServices } from '../shared/app-services.tsx';
import { commandDefinitions } from './areas.ts';

/** The app's services (one instance per app) with the commands of the shell and of every area. */
export function createAppServices(i18n: i18n, origin?: string, fetchImpl?: typeof fetch): AppServices {
  return createServices(i18n, commandDefinitions, origin, fetchImpl);
}
