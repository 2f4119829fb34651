import 'i18next';
import type { AppTexts } from './texts.ts';

// Russian is the reference table: `t()` accepts only its keys, so a missing or misspelt key fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AppTexts };
  }
}
