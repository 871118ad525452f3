/** Input of the time-zone setting, shared with its form (client-safe). */
import { z } from "zod";
import { isListedTimeZone } from "./zones";

export const setTimeZoneSchema = z.object({
  /** An IANA zone from the list, or "" to follow the browser's zone. */
  timeZone: z
    .string({ error: "Choose a time zone from the list." })
    .max(64, { error: "Choose a time zone from the list." })
    .refine((zone) => zone === "" || isListedTimeZone(zone), { error: "Choose a time zone from the list." }),
});
