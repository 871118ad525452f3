/**
 * cn() only joins class names (lib/utils.ts): two classes of one Tailwind group on an element (w-fit
 * and w-full, px-4 and px-2) both reach the DOM and Tailwind's CSS order, not the caller, picks the
 * winner. These tests fail when a combination the app renders holds such a pair, using
 * tailwind-merge (a dev dependency now, never shipped) as the judge of what conflicts:
 * - every variant combination of every cva class builder in components/ui;
 * - every use of a components/ui component in app/ and components/, read from the source: the
 *   component's classes (its cn() arguments, its cva called with the literal props written at the
 *   call site, its defaults) plus the className written there;
 * - the column classes given to DataList's cells.
 * A conflict is fixed with a variant or a prop (see Button's sizes, TableHead's align, Input's
 * width), not with an override in className.
 */
import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";

import { alertVariants } from "@/components/ui/alert";
import { badgeVariants } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { cardHeaderVariants } from "@/components/ui/card";
import { dialogContentVariants } from "@/components/ui/dialog";
import { inputVariants } from "@/components/ui/input";
import { labelVariants } from "@/components/ui/label";
import { tableCellVariants, tableHeadVariants } from "@/components/ui/table";

const ROOT = path.resolve(__dirname, "../..");

/** The classes of `classes` that tailwind-merge would drop because a later one overrides them. */
function overridden(classes: string): string[] {
  const kept = new Set(twMerge(classes).split(" "));
  return [...new Set(classes.split(/\s+/).filter(Boolean))].filter((c) => !kept.has(c));
}

type Builder = (props?: Record<string, unknown>) => string;
// Each builder with every value of each of its variants (cva does not expose its config).
const BUILDERS: [string, Builder, Record<string, unknown[]>][] = [
  [
    "buttonVariants",
    buttonVariants as Builder,
    {
      variant: ["default", "secondary", "outline", "outline-destructive", "ghost", "destructive", "link"],
      size: ["default", "sm", "sm-roomy", "avatar", "xs", "inline", "lg", "icon", "icon-sm"],
    },
  ],
  ["badgeVariants", badgeVariants as Builder, { variant: ["default", "secondary", "outline", "destructive", "success", "warning"] }],
  ["alertVariants", alertVariants as Builder, { variant: ["default", "destructive", "warning"] }],
  ["inputVariants", inputVariants as Builder, { text: ["base", "xs"] }],
  ["labelVariants", labelVariants as Builder, { weight: ["medium", "normal"] }],
  ["tableHeadVariants", tableHeadVariants as Builder, { align: ["left", "right"], weight: ["medium", "normal"] }],
  ["tableCellVariants", tableCellVariants as Builder, { padding: ["default", "tight"], wrap: [false, true] }],
  ["cardHeaderVariants", cardHeaderVariants as Builder, { layout: ["grid", "row"] }],
  ["dialogContentVariants", dialogContentVariants as Builder, { layout: ["centered", "palette"] }],
];

function combinations(variants: Record<string, unknown[]>): Record<string, unknown>[] {
  return Object.entries(variants).reduce<Record<string, unknown>[]>(
    (acc, [key, values]) => acc.flatMap((combo) => values.map((v) => ({ ...combo, [key]: v }))),
    [{}],
  );
}

describe("cva class builders", () => {
  for (const [name, build, variants] of BUILDERS) {
    it(`${name}: no variant combination holds two classes of one group`, () => {
      const found = combinations(variants)
        .map((combo) => ({ combo, dropped: overridden(build(combo)) }))
        .filter((r) => r.dropped.length > 0);
      expect(found).toEqual([]);
    });
  }
});

// --- Reading the source -------------------------------------------------------------------------

const BUILDER_BY_NAME = new Map(BUILDERS.map(([name, build]) => [name, build]));

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : walk(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The text from `open` (an opening bracket's index) to its matching close, exclusive. */
function balanced(src: string, open: number): string {
  const close = { "(": ")", "{": "}" }[src[open] as "(" | "{"];
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < src.length; i++) {
    const ch = src[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "`") quote = ch;
    else if (ch === src[open]) depth++;
    else if (ch === close && --depth === 0) return src.slice(open + 1, i);
  }
  return src.slice(open + 1);
}

/** Splits a call's argument text at its top-level commas. */
function topLevelArgs(args: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    const ch = args[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "`") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) depth--;
    else if (ch === "," && depth === 0) {
      out.push(args.slice(start, i));
      start = i + 1;
    }
  }
  out.push(args.slice(start));
  return out.map((a) => a.trim()).filter(Boolean);
}

const literals = (text: string) => [...text.matchAll(/"([^"]*)"/g)].map((m) => m[1]);

/** How a component builds its classes: one part per cn() argument (nested components: their own). */
type Part =
  | { kind: "classes"; value: string }
  | { kind: "builder"; build: Builder; props: string[] }
  | { kind: "prop"; name: string; fallback: string }
  | { kind: "className" };

function componentsOf(file: string): Map<string, Part[][]> {
  const src = fs.readFileSync(file, "utf8");
  const constants = new Map<string, string>();
  for (const m of src.matchAll(/const (\w+)\s*=\s*"([^"]*)"/g)) constants.set(m[1], m[2]);
  for (const m of src.matchAll(/import \{ (\w+ClassName) \} from "@\/components\/ui\/([\w-]+)"/g)) {
    const other = fs.readFileSync(path.join(ROOT, "components/ui", `${m[2]}.ts`), "utf8");
    const value = other.match(new RegExp(`${m[1]}\\s*=\\s*"([^"]*)"`))?.[1];
    if (value) constants.set(m[1], value);
  }
  const found = new Map<string, Part[][]>();
  for (const fn of src.matchAll(/function ([A-Z]\w*)\s*\(/g)) {
    const params = balanced(src, fn.index + fn[0].length - 1);
    const bodyStart = src.indexOf("{", fn.index + fn[0].length + params.length);
    const body = balanced(src, bodyStart);
    const defaults = new Map([...params.matchAll(/(\w+) = "([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const calls: Part[][] = [];
    for (const call of body.matchAll(/\bcn\(/g)) {
      const parts: Part[] = [];
      for (const arg of topLevelArgs(balanced(body, call.index + 2))) {
        const builder = arg.match(/^(\w+Variants)\(\{?([^)]*?)\}?\)$/);
        if (arg === "className") parts.push({ kind: "className" });
        else if (builder && BUILDER_BY_NAME.has(builder[1])) {
          const props = builder[2].split(",").map((p) => p.trim().split(":")[0].trim());
          // buttonVariants({ variant, size, className }): the className is joined by cva.
          if (props.includes("className")) parts.push({ kind: "className" });
          parts.push({ kind: "builder", build: BUILDER_BY_NAME.get(builder[1]) as Builder, props: props.filter((p) => p && p !== "className") });
        } else if (constants.has(arg)) parts.push({ kind: "classes", value: constants.get(arg) as string });
        else if (defaults.has(arg)) parts.push({ kind: "prop", name: arg, fallback: defaults.get(arg) as string });
        else for (const l of literals(arg)) parts.push({ kind: "classes", value: l });
      }
      calls.push(parts);
    }
    if (calls.length) found.set(fn[1], calls);
  }
  return found;
}

const UI = new Map<string, Part[][]>();
for (const file of walk(path.join(ROOT, "components/ui"))) for (const [name, calls] of componentsOf(file)) UI.set(name, calls);

/** The class strings a call site's className can take: each arm of a ternary, else all its literals. */
function classNameOptions(tag: string): string[] {
  const literal = tag.match(/\sclassName="([^"]*)"/);
  if (literal) return [literal[1]];
  const at = tag.search(/\sclassName=\{/);
  if (at < 0) return [""];
  const expr = balanced(tag, tag.indexOf("{", at));
  const ternary = expr.match(/\?\s*"([^"]*)"\s*:\s*(?:"([^"]*)"|undefined|null)\s*$/);
  if (ternary) return [ternary[1], ternary[2] ?? ""];
  return [literals(expr).join(" ")];
}

interface Use {
  where: string;
  classes: string;
}

function usesIn(file: string): Use[] {
  const src = fs.readFileSync(file, "utf8");
  const uses: Use[] = [];
  for (const m of src.matchAll(/<([A-Z]\w*)\b/g)) {
    const calls = UI.get(m[1]);
    if (!calls) continue;
    // The opening tag: up to the first ">" outside braces and strings.
    let depth = 0;
    let quote: string | null = null;
    let end = m.index + 1;
    for (; end < src.length; end++) {
      const ch = src[end];
      if (quote) {
        if (ch === quote) quote = null;
      } else if (ch === '"' || ch === "`") quote = ch;
      else if (ch === "{") depth++;
      else if (ch === "}") depth--;
      else if (ch === ">" && depth === 0 && src[end - 1] !== "=") break;
    }
    const tag = src.slice(m.index, end + 1);
    const attrs: Record<string, unknown> = {};
    for (const a of tag.matchAll(/\s(\w+)=(?:"([^"]*)"|\{(true|false)\})/g)) attrs[a[1]] = a[2] ?? a[3] === "true";
    const line = src.slice(0, m.index).split("\n").length;
    for (const className of classNameOptions(tag)) {
      for (const parts of calls) {
        const classes = parts
          .map((p) => {
            if (p.kind === "classes") return p.value;
            if (p.kind === "className") return className;
            if (p.kind === "prop") return typeof attrs[p.name] === "string" ? attrs[p.name] : p.fallback;
            return p.build(Object.fromEntries(p.props.filter((k) => k in attrs).map((k) => [k, attrs[k]])));
          })
          .join(" ");
        uses.push({ where: `${path.relative(ROOT, file)}:${line} <${m[1]}>`, classes });
      }
    }
  }
  return uses;
}

describe("components/ui as the app uses them", () => {
  const files = [...walk(path.join(ROOT, "app")), ...walk(path.join(ROOT, "components"))].filter((f) => f.endsWith(".tsx"));
  const uses = files.flatMap(usesIn);

  it("reads the components and their call sites (a guard against the reader silently finding nothing)", () => {
    for (const name of ["Button", "Input", "TableHead", "TableCell", "Label", "CardHeader", "NativeSelect", "OptionSelect", "SheetContent", "DialogContent"]) {
      expect(UI.has(name), name).toBe(true);
    }
    expect(uses.length).toBeGreaterThan(400);
  });

  it("no element gets two classes of one group", () => {
    const conflicts = uses.map((u) => ({ where: u.where, dropped: overridden(u.classes) })).filter((c) => c.dropped.length > 0);
    expect(conflicts).toEqual([]);
  });

  it("DataList's column classes do not conflict with its cells' and headers'", () => {
    const conflicts: { where: string; dropped: string[] }[] = [];
    for (const file of files) {
      const src = fs.readFileSync(file, "utf8");
      if (!/\bColumn</.test(src) && !/<DataList\b/.test(src)) continue;
      for (const m of src.matchAll(/\bclassName: "([^"]*)"/g)) {
        const line = src.slice(0, m.index).split("\n").length;
        // A row's className (rowProps) goes to TableRow, whose classes hold no alignment.
        if (src.split("\n")[line - 1].includes("rowProps")) continue;
        const dropped = overridden(`${tableCellVariants()} text-right tabular-nums ${m[1]}`);
        if (dropped.length) conflicts.push({ where: `${path.relative(ROOT, file)}:${line}`, dropped });
      }
    }
    expect(conflicts).toEqual([]);
  });
});
