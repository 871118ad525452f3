"use client";
import { formOnInput } from "@/components/forms/form-on-input";

/** The order ticket's form, its code fetched at the first input in the page (components/forms/form-on-input.tsx). */
export const TicketForm = formOnInput("ticket-form", () => import("./ticket-form").then((m) => m.TicketForm));
