import { z } from 'zod';
import { STEP_UP_PURPOSES, type STEP_UP_WAIVERS } from './step-up-purposes.ts';

export { STEP_UP_PURPOSES, STEP_UP_WAIVERS } from './step-up-purposes.ts';

/** Why an operation needs a recent second factor (step-up); the purposes are listed in step-up-purposes.ts. */
export const stepUpPurposeSchema = z.enum(STEP_UP_PURPOSES);
export type StepUpPurpose = z.infer<typeof stepUpPurposeSchema>;
export type StepUpWaiver = (typeof STEP_UP_WAIVERS)[number];

/** How long a passed second factor opens step-up operations in its device session. */
export const STEP_UP_WINDOW_MINUTES = 15;

/** `errorDetails` of a 101 answer that asks for a step-up rather than for codes in the call itself. */
export const stepUpDetailsSchema = z.object({
  stepUp: stepUpPurposeSchema,
  requirements: z.array(z.enum(['totp', 'emailCode', 'recoveryCode'])),
});
