import type { NextConfig } from "next";
import { securityHeaderRules } from "./lib/server/security-headers";

const nextConfig: NextConfig = {
  // The playground is a client-heavy tool page; charts and editors load on the client only.
  poweredByHeader: false,
  // Packages with native bindings or node-only code stay out of the server bundle.
  serverExternalPackages: ["better-sqlite3", "pg", "pg-boss"],

  // --- Security (docs/SECURITY.md, "Headers" and "Body limits"); keep this block self-contained. ---
  // nosniff, frame and referrer headers on every route, and a fixed CSP on API answers. The page's CSP carries a
  // per-request nonce, so proxy.ts sets it.
  async headers() {
    return securityHeaderRules();
  },
  experimental: {
    // proxy.ts copies a request body into memory up to this size whenever it runs. The routes that take large
    // bodies are outside its matcher and read their own bodies under their own caps, so what reaches the proxy is
    // page traffic, which has no body: 64 KB is plenty and keeps an unauthenticated upload from filling memory.
    proxyClientMaxBodySize: "64kb",
    // CI (.ci/run sets CI=1) builds a fresh clone once and never reads Turbopack's build cache again: writing it
    // only adds time to the build (most of a minute on a loaded 2-core machine). Other builds keep it.
    ...(process.env.CI ? { turbopackFileSystemCacheForBuild: false } : {}),
  },
  // --- end security ---
  // `npm test` (scripts/test-all.mjs) runs tsc over the same files, route types included, before it builds; it sets
  // this so the build does not type-check them a second time. Every other build type-checks.
  typescript: { ignoreBuildErrors: process.env.PLAYGROUND_SKIP_BUILD_TYPECHECK === "1" },
};

export default nextConfig;
