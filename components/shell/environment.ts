import type { Environment } from "@/components/shell/types";

export const ENVIRONMENTS = ["sandbox", "production"] as const satisfies readonly Environment[];

export const ENVIRONMENT_LABELS: Record<Environment, string> = {
  sandbox: "Sandbox",
  production: "Production",
};

export function parseEnvironment(value: unknown): Environment | undefined {
  return typeof value === "string" && (ENVIRONMENTS as readonly string[]).includes(value) ? (value as Environment) : undefined;
}

/** Only the move into production asks first: that is where actions start moving real money. */
export function needsConfirmation(from: Environment, to: Environment): boolean {
  return from !== "production" && to === "production";
}
