import { createContext } from 'react';
import type { AppServices } from './app-services.tsx';

/** The app's services; null on a page that loads without the panel (the landing page). */
export const ServicesContext = createContext<AppServices | null>(null);
