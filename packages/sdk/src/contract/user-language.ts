import { z } from 'zod';
import { languageSchema } from './common.ts';
import { defineOperation } from './operation.ts';

/**
 * `user.setLanguage`, declared on its own so the `user` area (auth work) can adopt it: the web app calls it
 * through `client.call(setUserLanguage, ...)` until then.
 */
export const setUserLanguage = defineOperation({
  id: 'user.setLanguage',
  method: 'PUT',
  path: '/api/user/language',
  summary: "Store the user's interface language (also the language of e-mails)",
  input: z.object({ language: languageSchema }),
  output: z.object({ language: languageSchema }),
  flags: {},
});
