"use client";
import { formOnInput } from "@/components/forms/form-on-input";

/** The pages' forms, their code fetched at the first input in the page (components/forms/form-on-input.tsx). */
export const CoinsOrderForm = formOnInput(() => import("./order-form").then((m) => m.CoinsOrderForm));
export const CryptoWithdrawalForm = formOnInput(() => import("./crypto-withdrawal-form").then((m) => m.CryptoWithdrawalForm));
export const FiatWithdrawalForm = formOnInput(() => import("./fiat-withdrawal-form").then((m) => m.FiatWithdrawalForm));
