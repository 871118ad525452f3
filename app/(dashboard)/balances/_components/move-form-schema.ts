/**
 * The move form's rules: the action's amount rule alone. A module of its own so the form can fetch
 * it on first use (components/forms/use-action-form.ts) with zod's named imports, not all of zod.
 */
import { z } from "zod";
import { usdAmount } from "@/lib/balances/move-schema";

export const moveFormSchema = z.object({ amount: usdAmount });
