"use client";
import { formOnInput } from "@/components/forms/form-on-input";

/** The page's form, its code fetched at the first input in the page (components/forms/form-on-input.tsx). */
export const CreateWithdrawalForm = formOnInput("create-withdrawal-form", () => import("./create-form").then((m) => m.CreateWithdrawalForm));
