"use client";
import { formOnInput } from "@/components/forms/form-on-input";

/** The pages' forms, their code fetched at the first input in the page (components/forms/form-on-input.tsx). */
export const CreateFundingAccountForm = formOnInput("create-funding-account-form", () => import("./create-form").then((m) => m.CreateFundingAccountForm));
export const SimulateDepositForm = formOnInput("simulate-deposit-form", () => import("./simulate-deposit-form").then((m) => m.SimulateDepositForm));
