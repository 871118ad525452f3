"use client";
import { RouteError, type ErrorBoundaryProps } from "@/components/page/route-error";

export default function RecipientsError(props: ErrorBoundaryProps) {
  return <RouteError title="The recipients could not load" {...props} />;
}
