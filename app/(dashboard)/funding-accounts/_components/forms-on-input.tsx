"use client";
import { formOnInput } from "@/components/forms/form-on-input";

/** The pages' forms, their code fetched at the first input in the page (components/forms/form-on-input.tsx). */
export const CreateFundingAccountForm = formOnInput(() => import("./create-form").then((m) => m.CreateFundingAccountForm));
export const SimulateDepositForm = formOnInput(() => import("./simulate-deposit-form").then((m) => m.SimulateDepositForm));
