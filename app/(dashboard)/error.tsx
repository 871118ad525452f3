"use client";
import { RouteError, type ErrorBoundaryProps } from "@/components/page/route-error";

export default function DashboardError(props: ErrorBoundaryProps) {
  return <RouteError title="This page could not load" {...props} />;
}
