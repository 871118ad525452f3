/** Inputs of the notification actions, shared with the forms (client-safe). */
import { z } from "zod";
import { DELIVERY_MODES, NOTIFICATION_KINDS } from "./kinds";

export const setNotificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS, { error: "Choose a kind of notification." }),
  mode: z.enum(DELIVERY_MODES, { error: "Choose at once, daily digest or off." }),
});

export const retryMailSchema = z.object({
  id: z.string().uuid({ error: "Choose a message." }),
});
