/**
 * Property-based test of the decoder: thousands of random and mutated links, generated from a seeded PRNG so a
 * failure can be replayed (the seed and case number are in the assertion message). Properties: no exception
 * escapes, every failure is a typed error with a message, every success is a validated scenario, and the
 * current work (a frozen workspace) is never touched.
 */
import { deflateSync } from "fflate";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../catalog/synthetic/random";
import { loadExample } from "../examples";
import { serializeScenario } from "../scenario/serialize-scenario";
import { encodeBase64Url } from "./base64url";
import { type ShareErrorCode } from "./share-errors";
import { decodeSharePayload, encodeWorkspace, parseShareFragment, payloadFromEnvelopeText } from "./share-link";

/** Every valid decode validates the scenario with Ajv (a few ms each), so the count is kept to what runs in ~15 s. */
const CASES = 3_000;

const ERROR_CODES: ShareErrorCode[] = [
  "empty",
  "too-long",
  "bad-format",
  "unsupported-version",
  "bad-encoding",
  "truncated",
  "corrupt",
  "too-large",
  "not-utf8",
  "bad-json",
  "too-deep",
  "huge-string",
  "invalid-envelope",
  "invalid-scenario",
];

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const NOISE = `${BASE64URL}.=%#&?/\\"'<>{}[]: \n\té😀\u0000\uffff`;

function mutateText(text: string, next: () => number): string {
  const pick = (limit: number) => Math.floor(next() * limit);
  const position = pick(text.length + 1);
  switch (pick(8)) {
    case 0:
      return text.slice(0, position); // truncate
    case 1:
      return text.slice(0, position) + text.slice(position + 1 + pick(50)); // delete a run
    case 2:
      return text.slice(0, position) + NOISE[pick(NOISE.length)] + text.slice(position); // insert
    case 3:
      return text.slice(0, position) + BASE64URL[pick(64)] + text.slice(position + 1); // substitute
    case 4:
      return text.slice(0, position) + text.slice(pick(text.length)); // splice with itself
    case 5:
      return `${pick(4)}${text.slice(1)}`; // another version
    case 6:
      return text + text.slice(pick(text.length)); // trailing garbage
    default: {
      // flip one bit of one character within the alphabet
      const index = BASE64URL.indexOf(text[position] ?? "A");
      return text.slice(0, position) + BASE64URL[(index ^ (1 << pick(6))) & 63] + text.slice(position + 1);
    }
  }
}

function randomJson(next: () => number, depth = 0): unknown {
  const kind = Math.floor(next() * (depth > 4 ? 5 : 7));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return Math.floor(next() * 2e9) - 1e9;
    case 3:
      return "x".repeat(Math.floor(next() * 20));
    case 4:
      return ["full", "gateway", "__proto__", "<script>", ""][Math.floor(next() * 5)];
    case 5:
      return Array.from({ length: Math.floor(next() * 4) }, () => randomJson(next, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 4) }, (_, index) => [
          ["v", "scenario", "turns", "catalog", "tools", "__proto__", "constructor", `k${index}`][
            Math.floor(next() * 8)
          ],
          randomJson(next, depth + 1),
        ]),
      );
  }
}

/** Replaces one value somewhere in a JSON document with a random one. */
function mutateStructure(document: unknown, next: () => number): unknown {
  const copy = structuredClone(document);
  let node: unknown = copy;
  for (let steps = 0; steps < 12; steps++) {
    if (node === null || typeof node !== "object") break;
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const key = keys[Math.floor(next() * keys.length)];
    const child = (node as Record<string, unknown>)[key];
    if (child === null || typeof child !== "object" || next() < 0.25) {
      (node as Record<string, unknown>)[key] = randomJson(next);
      break;
    }
    node = child;
  }
  return copy;
}

describe("decodeSharePayload under fuzzing", () => {
  it("never throws, always answers with a typed error or a valid scenario, and never touches the current work", async () => {
    const seed = 20_260_101;
    const next = mulberry32(seed);
    const scenario = await loadExample("weather");
    const current = Object.freeze({ scenario, strategyId: "gateway" as const, stepIndex: 1, forceProvider: false });
    const before = serializeScenario(current.scenario);
    const valid = encodeWorkspace(current).payload;
    const document = JSON.parse(encodeWorkspace(current).text);
    const counts = { ok: 0, failed: 0 };

    for (let caseNumber = 0; caseNumber < CASES; caseNumber++) {
      let payload: string;
      const family = caseNumber % 4;
      if (family === 0) payload = mutateText(valid, next);
      else if (family === 1) payload = payloadFromEnvelopeText(JSON.stringify(mutateStructure(document, next)));
      else if (family === 2)
        payload = `1.${encodeBase64Url(deflateSync(Uint8Array.from({ length: Math.floor(next() * 200) }, () => Math.floor(next() * 256))))}`;
      else
        payload = Array.from({ length: Math.floor(next() * 120) }, () => NOISE[Math.floor(next() * NOISE.length)]).join(
          "",
        );

      let result: ReturnType<typeof decodeSharePayload>;
      try {
        result = decodeSharePayload(payload);
        parseShareFragment(`#s=${payload}`);
      } catch (error) {
        throw new Error(`seed ${seed}, case ${caseNumber}: threw ${String(error)}`, { cause: error });
      }
      if (result.ok) {
        counts.ok++;
        expect(typeof result.workspace.scenario.title, `seed ${seed}, case ${caseNumber}`).toBe("string");
        expect(Array.isArray(result.workspace.scenario.catalog.tools)).toBe(true);
      } else {
        counts.failed++;
        expect(ERROR_CODES, `seed ${seed}, case ${caseNumber}: ${result.error.code}`).toContain(result.error.code);
        expect(result.error.message).toMatch(/^share-link: ./);
      }
    }
    expect(serializeScenario(current.scenario)).toBe(before);
    expect(counts.failed).toBeGreaterThan(CASES / 2);
    console.log(
      `fuzz: ${CASES} links, ${counts.ok} opened (still valid after mutation), ${counts.failed} refused with a typed error`,
    );
  }, 120_000);
});
