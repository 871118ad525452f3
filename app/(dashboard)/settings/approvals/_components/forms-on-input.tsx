"use client";
import { formOnInput } from "@/components/forms/form-on-input";

/** The page's forms, their code fetched at the first input in the page (components/forms/form-on-input.tsx). */
export const ThresholdForm = formOnInput("threshold-form", () => import("./threshold-form").then((m) => m.ThresholdForm));
export const VelocityLimitForm = formOnInput("velocity-limit-form", () => import("./velocity-limit-form").then((m) => m.VelocityLimitForm));
