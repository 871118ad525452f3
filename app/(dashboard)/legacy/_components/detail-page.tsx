import { notFound } from "next/navigation";
import { StaleNote } from "@/components/page/stale-note";
import { UpstreamProblem } from "@/components/page/upstream-problem";
import { LegacyHeader } from "@/app/(dashboard)/legacy/_components/legacy-header";
import { LEGACY_TITLE } from "@/app/(dashboard)/legacy/_components/list-page";
import { PayoutFields } from "@/app/(dashboard)/legacy/_components/payout-fields";
import { RampFields } from "@/app/(dashboard)/legacy/_components/ramp-fields";
import { RampReplacements } from "@/app/(dashboard)/legacy/_components/ramp-replacements";
import { requirePagePermission } from "@/lib/auth/session";
import type { LegacyKind } from "@/lib/legacy/filters";
import { readPayout, readRamp } from "@/lib/legacy/read";
import { KIND_NOUN, type RampKind } from "@/lib/legacy/views";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Params = Promise<{ id: string }>;

/**
 * Reads one legacy record: a malformed or unknown id is the not-found page, a provider problem is
 * its sentence with a retry under the page's header.
 */
async function load<T>(kind: LegacyKind, params: Params, read: (me: Awaited<ReturnType<typeof requirePagePermission>>, id: string) => Promise<T>) {
  const me = await requirePagePermission("data:read");
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const back = { href: `/legacy/${kind}`, label: `All ${KIND_NOUN[kind][1]}` };
  const record = await readOrProblem(read(me, id), { notFound });
  if (record.ok) return { me, back, view: record.data };
  const noun = KIND_NOUN[kind][0];
  return {
    me,
    back,
    problem: (
      <>
        <LegacyHeader kind={kind} role={me.role} title={`${noun[0]!.toUpperCase()}${noun.slice(1)}`} back={back} />
        <UpstreamProblem title={`This ${noun} could not load`} message={record.message} />
      </>
    ),
  };
}

export async function PayoutDetailPage({ params }: { params: Params }) {
  const r = await load("payouts", params, readPayout);
  if (!r.view) return r.problem;
  const { payout, stale, fetchedAt, synced } = r.view;
  return (
    <>
      <LegacyHeader
        kind="payouts"
        role={r.me.role}
        title={`Payout ${payout.reference ?? payout.id.slice(0, 8)}`}
        description={<span className="font-mono text-xs">{payout.id}</span>}
        back={r.back}
      />
      <StaleNote stale={stale} fetchedAt={fetchedAt} variant="banner" synced={synced} id={payout.id} />
      <PayoutFields payout={payout} />
    </>
  );
}

export async function RampDetailPage({ kind, params }: { kind: RampKind; params: Params }) {
  const r = await load(kind, params, (me, id) => readRamp(me, kind, id));
  if (!r.view) return r.problem;
  const { ramp, customer, stale, fetchedAt, synced } = r.view;
  return (
    <>
      <LegacyHeader
        kind={kind}
        role={r.me.role}
        title={`${LEGACY_TITLE[kind].slice(0, -1)} ${ramp.id.slice(0, 8)}`}
        description={
          <>
            <span className="font-mono text-xs">{ramp.id}</span>
            {customer ? ` · for ${customer.name}` : null}
          </>
        }
        back={r.back}
      />
      <StaleNote stale={stale} fetchedAt={fetchedAt} variant="banner" synced={synced} id={ramp.id} />
      <div className="grid gap-6">
        <RampFields kind={kind} ramp={ramp} />
        <RampReplacements kind={kind} view={r.view} />
      </div>
    </>
  );
}
