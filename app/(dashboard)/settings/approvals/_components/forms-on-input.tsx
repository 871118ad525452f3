"use client";
import { formOnInput } from "@/components/forms/form-on-input";

/** The page's forms, their code fetched at the first input in the page (components/forms/form-on-input.tsx). */
export const ThresholdForm = formOnInput(() => import("./threshold-form").then((m) => m.ThresholdForm));
export const VelocityLimitForm = formOnInput(() => import("./velocity-limit-form").then((m) => m.VelocityLimitForm));
