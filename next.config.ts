import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The playground is a client-heavy tool page; charts and editors load on the client only.
  poweredByHeader: false,
  // Packages with native bindings or node-only code stay out of the server bundle.
  serverExternalPackages: ["better-sqlite3"],
};

export default nextConfig;
