import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { runsJobs, workerCount } from "./serve";

describe("npm start's worker count", () => {
  it("runs one worker per core unless WEB_CONCURRENCY says how many", () => {
    expect(workerCount({}, 2)).toBe(2);
    expect(workerCount({ WEB_CONCURRENCY: "1" }, 2)).toBe(1);
    expect(workerCount({ WEB_CONCURRENCY: "4" }, 2)).toBe(4);
  });

  it("falls back to one per core for a value that is not a positive whole number", () => {
    for (const bad of ["0", "-1", "1.5", "two", ""]) expect(workerCount({ WEB_CONCURRENCY: bad }, 3)).toBe(3);
  });
});

describe("npm start's jobs worker", () => {
  it("runs one when JOB_QUEUE is on, as by default; with off or send the instance only enqueues", () => {
    expect(runsJobs({})).toBe(true);
    expect(runsJobs({ JOB_QUEUE: "on" })).toBe(true);
    expect(runsJobs({ JOB_QUEUE: "off" })).toBe(false);
    expect(runsJobs({ JOB_QUEUE: "send" })).toBe(false);
  });
});

describe("npm start's compression", () => {
  const serve = async (headers: Record<string, string>) => {
    const { compressed } = await import("./serve");
    const body = Array.from({ length: 2_000 }, (_, i) => `a page's answer, line ${(i * 7919) % 1000}`).join("\n");
    const server = http.createServer(
      compressed((_req, res) => {
        res.writeHead(200, { "Content-Type": "text/html", ...headers });
        res.end(body);
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return { server, body, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
  };
  const get = (url: string, encoding?: string) =>
    new Promise<{ encoding: string | undefined; text: string; bytes: number }>((resolve, reject) => {
      http
        .get(url, { headers: encoding ? { "accept-encoding": encoding } : {} }, (res) => {
          const parts: Buffer[] = [];
          res.on("data", (c: Buffer) => parts.push(c));
          res.on("end", () => {
            const raw = Buffer.concat(parts);
            const encoding = res.headers["content-encoding"];
            resolve({ encoding, text: (encoding === "gzip" ? zlib.gunzipSync(raw) : raw).toString(), bytes: raw.length });
          });
        })
        .on("error", reject);
    });

  it("gzips an answer for a client that accepts it, and sends it plain to one that does not", async () => {
    const { server, body, url } = await serve({});
    try {
      expect(await get(url, "gzip, deflate, br")).toMatchObject({ encoding: "gzip", text: body });
      expect(await get(url)).toMatchObject({ encoding: undefined, text: body });
    } finally {
      server.close();
    }
  });

  it("compresses the build's files harder than pages: a page's JavaScript is measured compressed", async () => {
    const { server, url } = await serve({});
    try {
      const page = await get(url, "gzip");
      const script = await get(`${url}_next/static/chunks/app.js`, "gzip");
      expect(script.text).toBe(page.text);
      expect(script.bytes).toBeLessThan(page.bytes);
    } finally {
      server.close();
    }
  });

  it("leaves an answer marked no-transform (the live stream) as it is", async () => {
    const { server, body, url } = await serve({ "Cache-Control": "no-cache, no-transform" });
    try {
      expect(await get(url, "gzip")).toMatchObject({ encoding: undefined, text: body });
    } finally {
      server.close();
    }
  });
});
