// Liveness only: public on purpose, reveals nothing but that the process answers.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" });
}
