"use client";
import { formOnInput } from "@/components/forms/form-on-input";

/** The page's two forms, their code fetched at the first input in the page (components/forms/form-on-input.tsx). */
export const MoveBalanceForm = formOnInput("move-balance-form", () => import("./move-balance-form").then((m) => m.MoveBalanceForm));
export const WithdrawBalanceForm = formOnInput("withdraw-balance-form", () => import("./withdraw-balance-form").then((m) => m.WithdrawBalanceForm));
