/**
 * A small HTTP proxy in front of the emulator that writes down every request exactly as it left
 * the app (method, path, headers, raw body) and passes it on unchanged. The app is pointed at the
 * proxy through its ordinary upstream addresses, so what is recorded is what a real provider would
 * receive, not what a test helper believes was sent.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** Path and query as the provider would see them; Pro's `/pro` mount of the emulator is removed. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body text ("" when none was sent). */
  body: string;
}

export interface RecordingProxy {
  url: string;
  /** Every request since the start or since the last `take()`, oldest first; then forgets them. */
  take(): RecordedRequest[];
  close(): Promise<void>;
}

// Hop-by-hop or recomputed headers: not forwarded.
const SKIP = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"]);

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  let recorded: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = req.url ?? "/";
      recorded.push({ method: req.method ?? "GET", path: url.replace(/^\/pro(?=\/public\/)/, ""), headers: req.headers, body });
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v === undefined || SKIP.has(k)) continue;
        headers.set(k, Array.isArray(v) ? v.join(", ") : v);
      }
      fetch(`${target}${url}`, { method: req.method, headers, body: body === "" ? undefined : body })
        .then(async (up) => {
          const text = await up.text();
          const out: Record<string, string> = {};
          up.headers.forEach((v, k) => {
            if (!SKIP.has(k) && k !== "content-encoding") out[k] = v;
          });
          res.writeHead(up.status, out);
          res.end(text);
        })
        .catch((err: unknown) => {
          res.writeHead(502, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { code: "PROXY", message: String(err) } }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    take() {
      const out = recorded;
      recorded = [];
      return out;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
