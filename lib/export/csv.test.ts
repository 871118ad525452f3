import { describe, expect, it } from "vitest";
import { csvFilename, csvResponse, csvStream, csvText, type CsvRow } from "./csv";

const BOM = [0xef, 0xbb, 0xbf];

async function* from(rows: CsvRow[]) {
  yield* rows;
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("csvText", () => {
  it("starts with the UTF-8 BOM and the header row, and ends rows with CRLF", () => {
    const text = csvText(["a", "b"], [["1", "2"]]);
    expect(text).toBe("\uFEFFa,b\r\n1,2\r\n");
    expect(csvText(["a", "b"], [["3", "4"]], { first: false })).toBe("3,4\r\n");
  });

  it("neutralises every cell a spreadsheet would run as a formula", () => {
    const cells = ["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "\uFF1D1", "plain", "a=b"];
    const text = csvText(
      cells.map((_, i) => `c${i}`),
      [cells],
      { first: false },
    );
    expect(text).toBe(`'=1+1,'+1,'-2,'@SUM(A1),'\tx,"'\rx",'\uFF1D1,plain,a=b\r\n`);
  });

  it("keeps a negative number a number", () => {
    expect(csvText(["n", "s"], [[-5, "-5"]], { first: false })).toBe("-5,'-5\r\n");
  });

  it("quotes separators, quotes and line breaks, and writes empty cells for null", () => {
    const text = csvText(["a", "b", "c", "d", "e"], [['say "hi"', "a,b", "two\nlines", null, undefined]], { first: false });
    expect(text).toBe('"say ""hi""","a,b","two\nlines",,\r\n');
  });

  it("writes dates as ISO instants, big integers and booleans as text", () => {
    const text = csvText(["at", "id", "ok"], [[new Date("2026-03-01T09:00:00.123Z"), 12345678901234567890n, true]], { first: false });
    expect(text).toBe("2026-03-01T09:00:00.123Z,12345678901234567890,true\r\n");
  });

  it("keeps unicode as written: names, currency symbols, emoji", () => {
    expect(csvText(["name"], [["Adébáyọ̀ Ọlá ₦1,000 🚀"]], { first: false })).toBe('"Adébáyọ̀ Ọlá ₦1,000 🚀"\r\n');
  });
});

describe("csvStream", () => {
  it("encodes UTF-8 with the BOM first, once", async () => {
    const bytes = await bytesOf(csvStream(["name"], from([["₦"], ["é"]]), { chunkRows: 1 }));
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe("\uFEFFname\r\n₦\r\né\r\n");
    expect(text.lastIndexOf("\uFEFF")).toBe(0);
  });

  it("writes the BOM and header even when no row matches", async () => {
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await bytesOf(csvStream(["a", "b"], from([]))));
    expect(text).toBe("\uFEFFa,b\r\n");
  });

  it("reads rows only as the consumer pulls (backpressure)", async () => {
    let produced = 0;
    async function* rows() {
      for (let i = 0; i < 1_000; i++) {
        produced++;
        yield [i] as CsvRow;
      }
    }
    const reader = csvStream(["i"], rows(), { chunkRows: 10 }).getReader();
    await reader.read();
    // The first chunk, and at most the one the queue holds ahead of the reader.
    await new Promise((r) => setTimeout(r, 20));
    expect(produced).toBeLessThanOrEqual(21);
    await reader.cancel();
  });

  it("ends the row source when the consumer goes away", async () => {
    let finished = false;
    async function* rows() {
      try {
        for (let i = 0; ; i++) yield [i] as CsvRow;
      } finally {
        finished = true;
      }
    }
    const reader = csvStream(["i"], rows(), { chunkRows: 5 }).getReader();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
  });

  it("errors the stream when the source fails mid-way, so a cut file is never complete", async () => {
    const seen: unknown[] = [];
    async function* rows() {
      yield ["ok"] as CsvRow;
      throw new Error("database went away");
    }
    await expect(bytesOf(csvStream(["a"], rows(), { chunkRows: 1, onError: (e) => seen.push(e) }))).rejects.toThrow("database went away");
    expect(seen).toHaveLength(1);
  });
});

describe("csvResponse", () => {
  it("is a download named after the list, environment and day, never cached", async () => {
    const res = await csvResponse({ list: "audit-log", environment: "production", columns: ["a"], rows: from([["1"]]), now: new Date("2026-11-26T23:59:00Z") });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="audit-log-production-2026-11-26.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    // fetch's text() drops the BOM as UTF-8 decoding does; the bytes keep it.
    expect(await res.clone().text()).toBe("a\r\n1\r\n");
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 3)]).toEqual(BOM);
    expect(csvFilename("events", "sandbox", new Date("2026-01-02T00:00:00Z"))).toBe("events-sandbox-2026-01-02.csv");
  });
});

describe("csvResponse with a failing source", () => {
  it("rejects before any byte when the source fails at once, so the route answers an error", async () => {
    const rows: AsyncIterable<CsvRow> = { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error("refused query")) }) };
    await expect(csvResponse({ list: "x", environment: "sandbox", columns: ["a"], rows })).rejects.toThrow("refused query");
  });

  it("still ends the source when the client goes away after the first row", async () => {
    let finished = false;
    async function* rows() {
      try {
        for (let i = 0; ; i++) yield [i] as CsvRow;
      } finally {
        finished = true;
      }
    }
    const res = await csvResponse({ list: "x", environment: "sandbox", columns: ["i"], rows: rows() });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
  });
});
