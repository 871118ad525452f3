// Headers that never vary; the per-request Content-Security-Policy (with its nonce) and HSTS
// are set in proxy.ts. nosniff goes on every response; the others govern documents only, so the
// build's scripts and styles (a page loads 15-18 of them) go without.
const everyResponse = [{ key: "X-Content-Type-Options", value: "nosniff" }];
const documentHeaders = [
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** @type {import("next").NextConfig} */
const config = {
  poweredByHeader: false,
  // `npm start` (scripts/serve.ts) compresses at a cheaper level; `npm run dev` serves uncompressed.
  compress: false,
  reactStrictMode: true,
  serverExternalPackages: ["@node-rs/argon2", "pino", "pg"],
  experimental: {
    // radix-ui is one barrel over every primitive (`import { Dialog } from "radix-ui"`): compile only
    // the primitives a module names. lucide-react is in Next's own list already.
    optimizePackageImports: ["radix-ui"],
  },
  async headers() {
    return [
      { source: "/:path*", headers: everyResponse },
      { source: "/((?!_next/static/).*)", headers: documentHeaders },
    ];
  },
};

export default config;
