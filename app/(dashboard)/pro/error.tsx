"use client";
import { RouteError, type ErrorBoundaryProps } from "@/components/page/route-error";

export default function ProError(props: ErrorBoundaryProps) {
  return <RouteError title="The Pro desk could not load" {...props} />;
}
