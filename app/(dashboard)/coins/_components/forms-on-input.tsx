"use client";
import { formOnInput } from "@/components/forms/form-on-input";

/** The pages' forms, their code fetched at the first input in the page (components/forms/form-on-input.tsx). */
export const CoinsOrderForm = formOnInput("coins-order-form", () => import("./order-form").then((m) => m.CoinsOrderForm));
export const CryptoWithdrawalForm = formOnInput("crypto-withdrawal-form", () => import("./crypto-withdrawal-form").then((m) => m.CryptoWithdrawalForm));
export const FiatWithdrawalForm = formOnInput("fiat-withdrawal-form", () => import("./fiat-withdrawal-form").then((m) => m.FiatWithdrawalForm));
