/**
 * Contract, part one: every response example and shape the provider's documents show (the spec and
 * the docs notes, copied faithfully into ./documented/*.json with the file and section each came
 * from) is read by the client's own schemas: it parses, keeps fields the client does not know yet
 * at every level, and yields the values the document shows. Error bodies map to their code, and
 * webhook payloads (both core shapes and the Pro shape) to the event the app stores.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { errorFromResponse } from "@/lib/upstream/errors";
import * as coins from "@/lib/upstream/schemas/coins";
import * as common from "@/lib/upstream/schemas/common";
import * as core from "@/lib/upstream/schemas/core";
import * as pro from "@/lib/upstream/schemas/pro";
import * as stocks from "@/lib/upstream/schemas/stocks";
import type { HttpMethod, UpstreamSurface } from "@/lib/upstream/types";
import { normalizeEvent } from "@/lib/webhooks/normalize";

const DIR = path.join(import.meta.dirname, "documented");
const SOURCES = ["upstream-api-spec.md", "upstream-docs-notes.md"];

interface Documented {
  name: string;
  source: string;
  section: string;
  doc: string;
}
interface ResponseExample extends Documented {
  schema: string;
  body: unknown;
  /** Where the documented object ends up in the parse when the client normalizes its wrapping. */
  parsedAt?: string;
}
interface EventExample extends Documented {
  webhookSurface: "core" | "pro";
  resourceSchema: string;
  headers: Record<string, string>;
  body: { data: unknown } & Record<string, unknown>;
  normalized: Record<string, unknown>;
}
interface ErrorExample extends Documented {
  surface: UpstreamSurface;
  method: HttpMethod;
  path: string;
  status: number;
  body: unknown;
  expected: Record<string, unknown>;
}

function fixture<T>(file: string): T[] {
  return (JSON.parse(readFileSync(path.join(DIR, file), "utf8")) as { examples: T[] }).examples;
}

const SCHEMAS: Record<string, Record<string, unknown>> = { core, coins, stocks, pro, common };
function schemaNamed(name: string): z.ZodType {
  const [mod, key] = name.split(".") as [string, string];
  const s = SCHEMAS[mod]?.[key];
  if (!s || typeof (s as z.ZodType).safeParse !== "function") throw new Error(`no client schema ${name}`);
  return s as z.ZodType;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The same value with an undocumented field added to every object at every depth. */
function withUnknownFields(v: unknown, depth = 0): unknown {
  if (Array.isArray(v)) return v.map((x) => withUnknownFields(x, depth + 1));
  if (!isPlainObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = withUnknownFields(x, depth + 1);
  out[`x_not_yet_documented_${depth}`] = { kept: true, depth };
  return out;
}

/** What the client hands to the schema: the envelope's `data` on Coins, Stocks and Pro (as UpstreamClient.send does). */
function payloadOf(surface: string, body: unknown): unknown {
  if (surface === "core") return body;
  expect(isPlainObject(body) && body.success === true, "an envelope surface's success answer says success: true").toBe(true);
  expect(typeof (body as { timestamp?: unknown }).timestamp, "the envelope carries its timestamp").toBe("string");
  return (body as { data: unknown }).data;
}

const at = (v: unknown, dotted: string | undefined) => (dotted ? dotted.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], v) : v);

const RESPONSE_FILES = ["core.json", "coins.json", "stocks.json", "pro.json"];

describe("the documented examples are copied with their source", () => {
  it("covers the four surfaces, their events and their errors, each example naming its document and section", () => {
    expect(readdirSync(DIR).sort()).toEqual(["coins.json", "core.json", "errors.json", "events.json", "pro.json", "stocks.json"]);
    for (const file of readdirSync(DIR)) {
      const examples = fixture<Documented>(file);
      expect(examples.length, file).toBeGreaterThan(0);
      for (const e of examples) {
        expect(SOURCES, `${file}: ${e.name}`).toContain(e.source);
        expect(e.section.length, `${file}: ${e.name}`).toBeGreaterThan(5);
        expect(e.doc.length, `${file}: ${e.name}`).toBeGreaterThan(5);
      }
    }
  });
});

for (const file of RESPONSE_FILES) {
  const surface = file.replace(".json", "");
  describe(`${surface} responses as documented`, () => {
    for (const ex of fixture<ResponseExample>(file)) {
      describe(`${ex.name} (${ex.source}: ${ex.section})`, () => {
        const schema = schemaNamed(ex.schema);

        it(`parses with ${ex.schema} and yields the documented values`, () => {
          const parsed = schema.safeParse(payloadOf(surface, ex.body));
          expect(parsed.error?.issues ?? []).toEqual([]);
          // Every documented field comes back with the document's value (money stays the same string).
          const documented = payloadOf(surface, ex.body);
          if (documented === null) expect(at(parsed.data, ex.parsedAt)).toBeNull();
          else expect(at(parsed.data, ex.parsedAt)).toMatchObject(documented as object);
        });

        it("keeps fields the client does not know, at every level", () => {
          const documented = payloadOf(surface, ex.body);
          if (documented === null) return expect(schema.safeParse(null).success).toBe(true);
          const drifted = withUnknownFields(documented);
          const parsed = schema.safeParse(drifted);
          expect(parsed.error?.issues ?? []).toEqual([]);
          expect(at(parsed.data, ex.parsedAt)).toMatchObject(drifted as object);
        });
      });
    }
  });
}

describe("webhook payloads as documented", () => {
  const events = fixture<EventExample>("events.json");
  for (const ex of events) {
    it(`${ex.name} (${ex.source}: ${ex.section}): stored under its current name, about the right resource; its data parses as ${ex.resourceSchema}`, () => {
      const event = normalizeEvent(ex.webhookSurface, ex.body, new Headers(ex.headers));
      expect(event).toMatchObject(ex.normalized);
      const resource = schemaNamed(ex.resourceSchema).safeParse(ex.body.data);
      expect(resource.error?.issues ?? []).toEqual([]);
      expect(resource.data).toMatchObject(ex.body.data as object);
    });
  }

  it("the older and the current name of one deposit change are one event (spec, Events rule 2)", () => {
    const current = events.find((e) => e.body.event === "deposit.completed")!;
    const older = events.find((e) => e.body.event === "deposit.settled")!;
    const a = normalizeEvent("core", current.body, new Headers());
    const b = normalizeEvent("core", older.body, new Headers());
    expect(b.name).toBe(a.name);
    expect(b.dedupeKey).toBe(a.dedupeKey);
  });
});

describe("error bodies as documented", () => {
  for (const ex of fixture<ErrorExample>("errors.json")) {
    it(`${ex.name} (${ex.source}: ${ex.section}) keeps its code and is understood as ${String(ex.expected.kind)}`, () => {
      const err = errorFromResponse({
        op: { surface: ex.surface, environment: "sandbox", method: ex.method, path: ex.path },
        status: ex.status,
        body: ex.body,
        requestId: "local-request-id",
      });
      expect(err).toMatchObject({ status: ex.status, surface: ex.surface, ...ex.expected });
      if (!("code" in ex.expected)) expect(err.code).toBe(`http_${ex.status}`);
      expect(err.userMessage.length).toBeGreaterThan(0);
    });
  }
});
