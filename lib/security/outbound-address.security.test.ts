/**
 * Promise: a URL someone typed never makes the app connect to this machine, a private network or
 * the cloud metadata service, whatever its name resolves to at the moment of connecting; redirects
 * are not followed; the development allowance for a local receiver never reaches production.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { classifyAddress, guardedRequest, RefusedAddressError, resolveChecked, urlFieldProblem, type LookupAll } from "./outbound-address";

const closed: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closed.splice(0).map((c) => c()));
});

async function server(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const hits: { host: string | undefined; url: string | undefined }[] = [];
  const s = http.createServer((req, res) => {
    hits.push({ host: req.headers.host, url: req.url });
    req.resume();
    req.on("end", () => answer(req, res));
  });
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  closed.push(() => new Promise<void>((r) => s.close(() => r())));
  return { port: (s.address() as AddressInfo).port, hits };
}

const fixed =
  (...addresses: string[]): LookupAll =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
const strict = { allowLoopback: false };
const post = { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" };

describe("which addresses are refused", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "shared"],
    ["100.127.255.254", "shared"],
    ["169.254.169.254", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:a00:1", "private"],
    ["64:ff9b::10.0.0.1", "private"],
    ["2002:a9fe:a9fe::1", "link-local"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
  ])("%s is %s", (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it.each(["8.8.8.8", "93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "2a00:1450:4001::200e"])("%s is public", (ip) => {
    expect(classifyAddress(ip)).toBeNull();
  });

  it("refuses a name when any one of its addresses is internal, and accepts literals only when public", async () => {
    await expect(resolveChecked(new URL("https://hooks.example.test/x"), strict, fixed("93.184.216.34", "10.0.0.9"))).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    await expect(resolveChecked(new URL("http://[::ffff:127.0.0.1]:8080/"), strict)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(resolveChecked(new URL("http://2130706433/"), strict)).rejects.toBeInstanceOf(RefusedAddressError); // 127.0.0.1 as one number
    await expect(resolveChecked(new URL("https://hooks.example.test/x"), strict, fixed("93.184.216.34"))).resolves.toEqual([
      { address: "93.184.216.34", family: 4 },
    ]);
  });

  it("gives the URL field a sentence saying what to fix", async () => {
    expect(await urlFieldProblem(new URL("http://169.254.169.254/latest/meta-data/"), strict)).toMatch(
      /private, local or cloud-internal network.*public address/,
    );
    expect(await urlFieldProblem(new URL("https://internal.example.test/"), strict, fixed("192.168.0.10"))).toMatch(/public address/);
    expect(await urlFieldProblem(new URL("https://erp.example.test/"), strict, fixed("93.184.216.34"))).toBeNull();
  });
});

describe("sending", () => {
  it("connects to the address it checked, never to a second resolution of the name", async () => {
    const receiver = await server((_req, res) => res.writeHead(204).end());
    // The system resolver does not know this name: only the checked lookup leads to the receiver.
    const host = `receiver.example.test:${receiver.port}`;
    const res = await guardedRequest(`http://${host}/hook`, post, { allowLoopback: true }, fixed("127.0.0.1"));
    expect(res.status).toBe(204);
    expect(receiver.hits).toEqual([{ host, url: "/hook" }]);
  });

  it("refuses a name that resolved to a public address when saved and to an internal one now (rebinding)", async () => {
    const receiver = await server((_req, res) => res.writeHead(204).end());
    let calls = 0;
    const rebinding: LookupAll = async () => [{ address: calls++ === 0 ? "93.184.216.34" : "127.0.0.1", family: 4 }];
    const url = `http://rebind.example.test:${receiver.port}/hook`;
    expect(await urlFieldProblem(new URL(url), strict, rebinding)).toBeNull();
    await expect(guardedRequest(url, post, strict, rebinding)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(guardedRequest(`http://127.0.0.1:${receiver.port}/hook`, post, strict)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(guardedRequest(`http://[::ffff:127.0.0.1]:${receiver.port}/hook`, post, strict)).rejects.toBeInstanceOf(RefusedAddressError);
    expect(receiver.hits).toEqual([]);
  });

  it("does not follow a redirect: the 3xx is the answer", async () => {
    const inside = await server((_req, res) => res.writeHead(200).end("secret"));
    const outside = await server((_req, res) => res.writeHead(307, { Location: `http://127.0.0.1:${inside.port}/admin` }).end());
    const res = await guardedRequest(`http://127.0.0.1:${outside.port}/hook`, post, { allowLoopback: true });
    expect(res.status).toBe(307);
    expect(inside.hits).toEqual([]);
  });
});

describe("the development allowance", () => {
  const base = { DATABASE_URL: "postgresql://u:p@localhost:5432/db", AUTH_SECRET: "x".repeat(32), VAULT_MASTER_KEY: Buffer.alloc(32, 1).toString("base64") };

  it("is off by default and refused for a deployment not on localhost", () => {
    expect(parseEnv(base).ALLOW_LOOPBACK_WEBHOOKS).toBe(false);
    expect(parseEnv({ ...base, ALLOW_LOOPBACK_WEBHOOKS: "1" }).ALLOW_LOOPBACK_WEBHOOKS).toBe(true);
    expect(() => parseEnv({ ...base, NODE_ENV: "production", APP_URL: "https://ops.example.com", ALLOW_LOOPBACK_WEBHOOKS: "1" })).toThrow(
      /ALLOW_LOOPBACK_WEBHOOKS is for development on one machine only/,
    );
    expect(() => parseEnv({ ...base, ALLOW_LOOPBACK_WEBHOOKS: "yes" })).toThrow(/ALLOW_LOOPBACK_WEBHOOKS must be 1/);
  });
});
