/**
 * Re-measures the share-link codec choice on real examples (see deflate-codec.ts and docs/SHARING.md) and checks
 * that it still holds: raw DEFLATE at level 9 is never larger than the other candidates that need no versioned
 * key table. Its speed is printed here and measured by `npm run bench:share` (docs/PERFORMANCE.md), not asserted.
 */
import { deflateSync, gzipSync, strToU8, zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { loadExample } from "../examples";
import { encodeBase64Url } from "./base64url";
import { envelopeText } from "./share-envelope";

const base64Length = (bytes: Uint8Array) => encodeBase64Url(bytes).length;

function timed<T>(action: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = action();
  return { value, ms: performance.now() - started };
}

describe("share-link codec measurement", () => {
  it.each(["weather", "learning-agent", "github-mcp", "mixed-mcp"])(
    "%s: deflate-raw level 9 is the smallest candidate",
    async (id) => {
      const bytes = strToU8(envelopeText({ scenario: await loadExample(id) }));
      const candidates = {
        none: base64Length(bytes),
        "deflate-1": base64Length(deflateSync(bytes, { level: 1 })),
        "deflate-6": base64Length(deflateSync(bytes, { level: 6 })),
        "deflate-9": base64Length(deflateSync(bytes, { level: 9 })),
        "zlib-9": base64Length(zlibSync(bytes, { level: 9 })),
        "gzip-9": base64Length(gzipSync(bytes, { level: 9 })),
      };
      const chosen = timed(() => deflateSync(bytes, { level: 9 }));
      console.log(`${id}: ${JSON.stringify(candidates)} deflate-9 in ${chosen.ms.toFixed(1)} ms`);
      for (const size of Object.values(candidates)) expect(candidates["deflate-9"]).toBeLessThanOrEqual(size);
    },
  );
});
