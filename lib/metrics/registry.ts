/**
 * A small in-process Prometheus registry: counters and histograms with labels, rendered in the
 * text exposition format (version 0.0.4). Each instance of the app keeps its own; Prometheus scrapes
 * every instance and adds them up. Gauges that must be the same on every instance (queue depths,
 * rate budget) are read from PostgreSQL at scrape time instead (see ./index.ts).
 */
export type Labels = Record<string, string>;

const escapeLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');

export function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  return entries.length === 0 ? "" : `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(",")}}`;
}

const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

const num = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toFixed(6))));

export class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const k = keyOf(labels);
    const cur = this.values.get(k);
    if (cur) cur.value += by;
    else this.values.set(k, { labels, value: by });
  }

  get(labels: Labels = {}): number {
    return this.values.get(keyOf(labels))?.value ?? 0;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${labelText(labels)} ${num(value)}`);
    return lines.join("\n");
  }
}

/** Request latencies: buckets from 5 ms to 30 s cover a cached read and a slow provider write. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class Histogram {
  private readonly values = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[] = LATENCY_BUCKETS,
  ) {}

  observe(labels: Labels, seconds: number): void {
    const k = keyOf(labels);
    let cur = this.values.get(k);
    if (!cur) {
      cur = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.values.set(k, cur);
    }
    this.buckets.forEach((b, i) => {
      if (seconds <= b) cur.counts[i]! += 1;
    });
    cur.sum += seconds;
    cur.count += 1;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.values.values()) {
      this.buckets.forEach((b, i) => lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(b) })} ${counts[i]}`));
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: "+Inf" })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${num(sum)}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines.join("\n");
  }
}

/** A gauge read at scrape time: rendered from the samples given, never stored. */
export function renderGauge(name: string, help: string, samples: { labels: Labels; value: number }[]): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`];
  for (const s of samples) lines.push(`${name}${labelText(s.labels)} ${num(s.value)}`);
  return lines.join("\n");
}
