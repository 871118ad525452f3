"use client";
import { RouteError, type ErrorBoundaryProps } from "@/components/page/route-error";

export default function DepositsError(props: ErrorBoundaryProps) {
  return <RouteError title="The deposits could not load" {...props} />;
}
