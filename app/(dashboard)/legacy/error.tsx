"use client";
import { RouteError, type ErrorBoundaryProps } from "@/components/page/route-error";

export default function LegacyError(props: ErrorBoundaryProps) {
  return <RouteError title="This legacy view could not load" {...props} />;
}
