import { withdrawalRoute } from "@/lib/coins/withdrawal-route";

export const dynamic = "force-dynamic";

export const GET = withdrawalRoute("fiat");
