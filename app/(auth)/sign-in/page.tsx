import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { oidcEnabled } from "@/lib/auth";
import { getCurrentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string }> }) {
  if (await getCurrentUser()) redirect("/");
  const { callbackUrl, error } = await searchParams;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-xl">Merchant Ops</h1>
        </CardTitle>
        <CardDescription>Sign in to your finance team&apos;s workspace.</CardDescription>
      </CardHeader>
      <CardContent>
        <SignInForm
          callbackUrl={callbackUrl ?? "/"}
          oidc={oidcEnabled() ? env().OIDC_NAME : null}
          initialError={error ? "Single sign-on did not work. Use an account an admin added for you." : undefined}
        />
      </CardContent>
    </Card>
  );
}
