import { z } from "zod";
import { secondFactorSchema, twoFactorConfirmSchema, twoFactorDisableSchema } from "#schemas/two-factor";

/** The account page's two-factor forms by intent: the schema each is checked with, in the browser and in the action. */
export const TWO_FACTOR_FORMS = {
  "two-factor-start": z.object({ intent: z.literal("two-factor-start") }),
  "two-factor-confirm": twoFactorConfirmSchema.extend({ intent: z.literal("two-factor-confirm") }),
  "two-factor-disable": twoFactorDisableSchema.and(z.object({ intent: z.literal("two-factor-disable") })),
  "recovery-codes": secondFactorSchema.and(z.object({ intent: z.literal("recovery-codes") })),
};

export type TwoFactorIntent = keyof typeof TWO_FACTOR_FORMS;
