import "server-only";
/**
 * Requests to addresses people type (today the outbound webhook URL). A URL is only as safe as the
 * addresses its name resolves to at the moment of connecting, so the check runs after DNS, on every
 * address, both when the URL is saved and when each request is sent; a request then connects to
 * the address that was checked (a custom `lookup`), so a name cannot re-resolve to an internal
 * address in between. Loopback, private, shared (CGNAT), link-local (cloud metadata lives at
 * 169.254.169.254), unspecified, multicast and reserved ranges are refused, in IPv4 and IPv6 alike,
 * including IPv4 addresses carried inside IPv6 (mapped, compatible, NAT64, 6to4).
 *
 * A developer's receiver on this machine is allowed only with ALLOW_LOOPBACK_WEBHOOKS=1, which
 * lib/env.ts refuses for a deployment not itself on localhost, and only for sandbox.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { env } from "@/lib/env";
import type { Environment } from "@/lib/generated/prisma/enums";

export type AddressClass = "loopback" | "private" | "shared" | "link-local" | "unspecified" | "multicast" | "reserved";

interface Range {
  base: bigint;
  bits: number;
  cls: AddressClass;
}

const V4_RANGES: [string, number, AddressClass][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "reserved"],
  ["203.0.113.0", 24, "reserved"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

const V6_RANGES: [string, number, AddressClass][] = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["100::", 64, "reserved"], // discard-only
  ["2001:db8::", 32, "reserved"], // documentation
  ["fc00::", 7, "private"], // unique local
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "private"], // deprecated site-local
  ["ff00::", 8, "multicast"],
];

function v4ToBigInt(ip: string): bigint {
  return ip.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

/** The 128-bit value of an IPv6 address (with or without a dotted IPv4 tail). */
function v6ToBigInt(ip: string): bigint {
  let s = ip.split("%")[0]!; // a zone id names an interface, not an address
  const tail = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const v4 = v4ToBigInt(tail[1]!);
    s = `${s.slice(0, -tail[1]!.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, rest] = s.includes("::") ? s.split("::") : [s, undefined];
  const h = head ? head.split(":") : [];
  const r = rest !== undefined && rest !== "" ? rest.split(":") : [];
  const groups = rest === undefined ? h : [...h, ...Array<string>(8 - h.length - r.length).fill("0"), ...r];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || "0", 16)), 0n);
}

const v4Ranges: Range[] = V4_RANGES.map(([a, bits, cls]) => ({ base: v4ToBigInt(a), bits, cls }));
const v6Ranges: Range[] = V6_RANGES.map(([a, bits, cls]) => ({ base: v6ToBigInt(a), bits, cls }));

function inRange(value: bigint, width: number, r: Range): boolean {
  const shift = BigInt(width - r.bits);
  return value >> shift === r.base >> shift;
}

function classifyV4(value: bigint): AddressClass | null {
  if (value === 0xffffffffn) return "reserved"; // broadcast
  return v4Ranges.find((r) => inRange(value, 32, r))?.cls ?? null;
}

/** IPv6 prefixes that carry an IPv4 address in their last 32 bits: the IPv4 address decides. */
const EMBEDS_V4: { base: bigint; bits: number }[] = [
  { base: v6ToBigInt("::ffff:0:0"), bits: 96 }, // IPv4-mapped
  { base: 0n, bits: 96 }, // IPv4-compatible (deprecated, still routed by some stacks)
  { base: v6ToBigInt("64:ff9b::"), bits: 96 }, // NAT64
  { base: v6ToBigInt("64:ff9b:1::"), bits: 48 }, // local-use NAT64
];

/** Why an address must not be contacted, or null for an ordinary public address. */
export function classifyAddress(ip: string): AddressClass | null {
  const family = net.isIP(ip.split("%")[0]!);
  if (family === 4) return classifyV4(v4ToBigInt(ip));
  if (family !== 6) return "reserved"; // not an address at all: never contacted
  const value = v6ToBigInt(ip);
  const own = v6Ranges.find((r) => inRange(value, 128, r))?.cls;
  if (own) return own;
  for (const p of EMBEDS_V4) {
    if (inRange(value, 128, { ...p, cls: "reserved" })) return classifyV4(value & 0xffffffffn) ?? (p.bits === 96 && p.base === 0n ? "reserved" : null);
  }
  // 6to4: 2002:AABB:CCDD::/48 carries AA.BB.CC.DD.
  if (value >> 112n === 0x2002n) return classifyV4((value >> 80n) & 0xffffffffn);
  return null;
}

export interface OutboundPolicy {
  /** A receiver on this machine (127.0.0.0/8, ::1) is allowed: development only. */
  allowLoopback: boolean;
}

/** The policy for an environment's outbound webhooks: the loopback allowance is sandbox-only. */
export function outboundPolicy(environment: Environment): OutboundPolicy {
  return { allowLoopback: environment === "sandbox" && env().ALLOW_LOOPBACK_WEBHOOKS };
}

/** Null when the address may be contacted under `policy`, otherwise its class. */
export function refusedClass(ip: string, policy: OutboundPolicy): AddressClass | null {
  const cls = classifyAddress(ip);
  if (cls === "loopback" && policy.allowLoopback) return null;
  return cls;
}

export class RefusedAddressError extends Error {
  constructor(readonly cls: AddressClass) {
    super(`refused ${cls} address`);
    this.name = "RefusedAddressError";
  }
}

/** What the admin reads at the URL field or in the delivery log; it names no address or port. */
export const REFUSED_ADDRESS_MESSAGE =
  "This address leads to a private, local or cloud-internal network, where decisions are never sent. Use your system's public address.";

function hostOf(url: URL): string {
  // URL keeps IPv6 literals in brackets.
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Every address `url` leads to, each checked; throws RefusedAddressError when any is refused (a
 * name with one public and one private address is refused: which one a connection gets is not
 * ours to choose). DNS errors are passed on.
 */
export function resolveChecked(url: URL, policy: OutboundPolicy, lookup: LookupAll = systemLookup): Promise<{ address: string; family: number }[]> {
  return resolveHost(hostOf(url), policy, lookup);
}

async function resolveHost(host: string, policy: OutboundPolicy, lookup: LookupAll): Promise<{ address: string; family: number }[]> {
  const literal = net.isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await lookup(host);
  if (addresses.length === 0) throw Object.assign(new Error("no address"), { code: "ENOTFOUND" });
  for (const a of addresses) {
    const cls = refusedClass(a.address, policy);
    if (cls) throw new RefusedAddressError(cls);
  }
  return addresses;
}

/**
 * The check made when an admin saves a URL: a sentence for the URL field, or null when it may be
 * saved. A name that does not resolve (yet) is accepted: it reaches nothing, and every send checks
 * again.
 */
export async function urlFieldProblem(url: URL, policy: OutboundPolicy, lookup: LookupAll = systemLookup): Promise<string | null> {
  if (url.protocol !== "http:" && url.protocol !== "https:") return "Use an http:// or https:// address.";
  try {
    await resolveChecked(url, policy, lookup);
    return null;
  } catch (err) {
    if (err instanceof RefusedAddressError) return REFUSED_ADDRESS_MESSAGE;
    return null;
  }
}

export interface GuardedResponse {
  status: number;
}

export interface GuardedRequest {
  method: string;
  headers: Record<string, string>;
  body: string;
  signal?: AbortSignal;
}

/**
 * One request whose connection goes only to an address checked under `policy`. Redirects are not
 * followed (the status is returned as is) and the response body is discarded.
 */
export function guardedRequest(target: string, init: GuardedRequest, policy: OutboundPolicy, lookup: LookupAll = systemLookup): Promise<GuardedResponse> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch (err) {
      reject(err);
      return;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      reject(new Error("unsupported protocol"));
      return;
    }
    // A literal address skips `lookup` inside net.connect, so it is checked here first.
    const literal = hostOf(url);
    if (net.isIP(literal)) {
      const cls = refusedClass(literal, policy);
      if (cls) {
        reject(new RefusedAddressError(cls));
        return;
      }
    }
    const checkedLookup = (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
      resolveHost(hostname, policy, lookup).then(
        (addresses) => {
          const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
          if (wanted.length === 0) {
            callback(Object.assign(new Error(`no IPv${options.family} address`), { code: "ENOTFOUND" }));
            return;
          }
          if (options.all) callback(null, wanted);
          else callback(null, wanted[0]!.address, wanted[0]!.family);
        },
        (err: unknown) => callback(err),
      );
    };
    const transport = url.protocol === "https:" ? https : http;
    const req = transport.request(
      url,
      {
        method: init.method,
        headers: { ...init.headers, "Content-Length": String(Buffer.byteLength(init.body)) },
        lookup: checkedLookup as unknown as net.LookupFunction,
        signal: init.signal,
        // A fresh connection per request: a pooled socket would skip the lookup.
        agent: false,
      },
      (res) => {
        resolve({ status: res.statusCode ?? 0 });
        res.destroy(); // the body is never read, however large or slow
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}
