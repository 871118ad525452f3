import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Reads the palettes from app/globals.css and checks the text/background pairs the components
 * actually render against WCAG 2 AA, the same formula axe's color-contrast rule uses. A palette
 * edit that would make axe fail in the browser fails here first.
 */

const css = readFileSync(path.resolve(__dirname, "../../app/globals.css"), "utf8");

type Rgba = { r: number; g: number; b: number; a: number; inGamut: boolean };

function block(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in globals.css`);
  const end = css.indexOf("}", start);
  return css.slice(start, end);
}

function tokens(selector: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of block(selector).matchAll(/--([a-z0-9-]+):\s*([^;]+);/g)) out.set(m[1], m[2].trim());
  return out;
}

/** oklch() to linear-light sRGB (Björn Ottosson's OKLab matrices). */
function oklchToLinearSrgb(value: string): Rgba {
  const m = /^oklch\(\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*(?:\/\s*([\d.]+)(%?))?\s*\)$/.exec(value);
  if (!m) throw new Error(`not an oklch() colour: ${value}`);
  const L = Number(m[1]);
  const C = Number(m[2]);
  const h = (Number(m[3]) * Math.PI) / 180;
  const alpha = m[4] === undefined ? 1 : Number(m[4]) / (m[5] === "%" ? 100 : 1);
  const a = C * Math.cos(h);
  const b = C * Math.sin(h);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const mm = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const r = 4.0767416621 * l - 3.3077115913 * mm + 0.2309699292 * s;
  const g = -1.2684380046 * l + 2.6097574011 * mm - 0.3413193965 * s;
  const bl = -0.0041960863 * l - 0.7034186147 * mm + 1.707614701 * s;
  const eps = 0.002;
  const inGamut = [r, g, bl].every((c) => c >= -eps && c <= 1 + eps);
  const clamp = (c: number) => Math.min(1, Math.max(0, c));
  return { r: clamp(r), g: clamp(g), b: clamp(bl), a: alpha, inGamut };
}

const toGamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** Composites a translucent colour over an opaque one in gamma space, as browsers paint. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, u: number) => toLinear(toGamma(t) * top.a + toGamma(u) * (1 - top.a));
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1, inGamut: true };
}

const luminance = (c: Rgba) => 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;

function ratio(fg: Rgba, bg: Rgba): number {
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("contrast formula", () => {
  it("matches WCAG reference values", () => {
    const white = oklchToLinearSrgb("oklch(1 0 0)");
    const black = oklchToLinearSrgb("oklch(0 0 0)");
    expect(ratio(white, black)).toBeCloseTo(21, 1);
    // #767676, the lightest grey that passes AA on white (4.54:1), is oklch(0.5658 0 0).
    expect(ratio(oklchToLinearSrgb("oklch(0.5658 0 0)"), white)).toBeCloseTo(4.54, 1);
    // shadcn's stock muted grey on its stock muted background is why the palette was darkened.
    expect(ratio(oklchToLinearSrgb("oklch(0.556 0 0)"), oklchToLinearSrgb("oklch(0.97 0 0)"))).toBeLessThan(4.5);
  });

  it("composites translucent backgrounds", () => {
    const white = oklchToLinearSrgb("oklch(1 0 0)");
    const black = oklchToLinearSrgb("oklch(0 0 0)");
    const grey = over({ ...black, a: 0.5 }, white);
    expect(toGamma(grey.r)).toBeCloseTo(0.5, 3);
  });
});

/** [text token, background token, optional background opacity over the page background]. */
const TEXT_PAIRS: Array<[string, string, number?]> = [
  ["foreground", "background"],
  ["card-foreground", "card"],
  ["popover-foreground", "popover"],
  ["primary-foreground", "primary"],
  ["secondary-foreground", "secondary"],
  ["accent-foreground", "accent"],
  ["muted-foreground", "background"],
  ["muted-foreground", "muted"],
  ["muted-foreground", "card"],
  ["muted-foreground", "popover"],
  ["muted-foreground", "accent"],
  ["muted-foreground", "sidebar"],
  ["foreground", "muted"],
  ["destructive", "background"],
  ["destructive", "card"],
  ["destructive", "popover"],
  ["destructive-foreground", "destructive"],
  ["success", "background"],
  ["success", "card"],
  ["success-foreground", "success"],
  ["warning", "background"],
  ["warning", "card"],
  ["warning-foreground", "warning"],
  ["sidebar-foreground", "sidebar"],
  ["sidebar-accent-foreground", "sidebar-accent"],
  ["sidebar-primary-foreground", "sidebar-primary"],
  // Tinted badges and alerts: status text on a 10 % wash of the same colour.
  ["destructive", "destructive", 0.1],
  ["success", "success", 0.1],
  ["warning", "warning", 0.1],
];

describe.each([
  ["light", ":root"],
  ["dark", ".dark"],
])("%s theme", (_name, selector) => {
  const palette = tokens(selector);
  const color = (name: string) => {
    const value = palette.get(name);
    if (!value) throw new Error(`--${name} missing from ${selector}`);
    return oklchToLinearSrgb(value);
  };

  it.each(TEXT_PAIRS)("%s on %s (alpha %s) reaches 4.5:1", (fgName, bgName, alpha) => {
    const page = color("background");
    const bgBase = color(bgName);
    const bg = alpha === undefined ? bgBase : over({ ...bgBase, a: alpha }, page);
    expect(ratio(color(fgName), bg)).toBeGreaterThanOrEqual(4.5);
  });

  it("defines every token the @theme block maps", () => {
    const mapped = [...css.matchAll(/--color-[a-z0-9-]+:\s*var\(--([a-z0-9-]+)\)/g)].map((m) => m[1]);
    expect(mapped.length).toBeGreaterThan(30);
    expect(mapped.filter((name) => !palette.has(name))).toEqual([]);
  });

  it("keeps text colours inside the sRGB gamut so the ratios above are what the screen shows", () => {
    const names = new Set(TEXT_PAIRS.flatMap(([fg, bg]) => [fg, bg]));
    expect([...names].filter((name) => !color(name).inGamut)).toEqual([]);
  });

  it("keeps the focus ring visible against the page (3:1, WCAG non-text contrast)", () => {
    expect(ratio(color("ring"), color("background"))).toBeGreaterThanOrEqual(3);
  });
});
