"use client";
import { RouteError, type ErrorBoundaryProps } from "@/components/page/route-error";

export default function ApiKeysError(props: ErrorBoundaryProps) {
  return <RouteError title="The API keys could not load" {...props} />;
}
