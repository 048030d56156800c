import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createEngine } from "../engine";
import { loadExample } from "../examples";
import { STRATEGY_IDS } from "../core/ids";
import { jsonBytes } from "../providers/limits";
import { jsonTextLength } from "./json-length";

const GOLDEN_REQUESTS = path.join(__dirname, "../providers/golden/requests");

/** A small deterministic generator (mulberry32), so a failing value can be reproduced from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const AWKWARD_TEXTS = [
  'say "hi"',
  "back\\slash",
  "line\nbreak\ttab",
  "\u0000\u001f\u007f",
  "é ü 漢字",
  "😀",
  "\ud800",
  "\udfff x",
  "</script>",
  "",
  // A long text (a catalog written into a prompt): measured once per content, its object walked rather than serialised.
  'quote " slash \\ line\n 漢字 😀 '.repeat(200),
];
const AWKWARD_NUMBERS = [0, -0, 1.5, -2e-7, 1e21, 123456789012345680000, Number.NaN, Infinity, -Infinity];

function randomValue(next: () => number, depth: number, shared: object[]): unknown {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const roll = next();
  if (depth > 4 || roll < 0.3) {
    return pick<unknown>([
      ...AWKWARD_TEXTS,
      ...AWKWARD_NUMBERS,
      true,
      false,
      null,
      undefined,
      () => 1,
      Symbol("s"),
      new Date(Date.UTC(2026, 11, 1)),
    ]);
  }
  // An object met before: the same identity in two places, as the tool definitions every request repeats.
  if (roll < 0.4 && shared.length > 0) return pick(shared);
  if (roll < 0.65) {
    const items = Array.from({ length: Math.floor(next() * 5) }, () => randomValue(next, depth + 1, shared));
    if (next() < 0.1) items.length += 2; // holes
    return items;
  }
  const object: Record<string, unknown> = {};
  for (let key = 0; key < Math.floor(next() * 5); key += 1) {
    object[pick(["name", "description", 'quo"te', "é", "1", "0", "input_schema", "😀", ""])] = randomValue(
      next,
      depth + 1,
      shared,
    );
  }
  if (next() < 0.2) shared.push(object);
  return object;
}

describe("jsonTextLength", () => {
  it("is JSON.stringify(value).length for every golden request body", () => {
    const files = fs.readdirSync(GOLDEN_REQUESTS).filter((file) => file.endsWith(".json"));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const body: unknown = JSON.parse(fs.readFileSync(path.join(GOLDEN_REQUESTS, file), "utf8"));
      expect(jsonTextLength(body), file).toBe(JSON.stringify(body).length);
    }
  });

  it("is JSON.stringify(value).length for every step of every strategy, measured twice (the second from memory)", async () => {
    const engine = createEngine();
    for (const exampleId of ["learning-agent", "github-mcp"]) {
      const scenario = await loadExample(exampleId);
      for (const run of engine.runAll(scenario, STRATEGY_IDS)) {
        for (const [index, step] of run.steps.entries()) {
          const where = `${exampleId} ${run.id} step ${index + 1}`;
          const expected = JSON.stringify(step.request.body).length;
          expect(jsonTextLength(step.request.body), where).toBe(expected);
          expect(jsonTextLength(step.request.body), `${where}, again`).toBe(expected);
        }
      }
    }
  });

  it("is JSON.stringify(value).length for random values: escapes, omitted values, holes, toJSON, shared objects", () => {
    for (let seed = 1; seed <= 3000; seed += 1) {
      const shared: object[] = [];
      const next = random(seed);
      const value = {
        tools: [randomValue(next, 2, shared), randomValue(next, 2, shared)],
        other: randomValue(next, 1, shared),
      };
      const expected = JSON.stringify(value).length;
      expect(jsonTextLength(value), `seed ${seed}`).toBe(expected);
      // Again, with the shared objects' lengths now held.
      expect(jsonTextLength({ ...value }), `seed ${seed}, again`).toBe(expected);
      for (const top of [randomValue(next, 0, shared), randomValue(next, 3, shared)]) {
        expect(jsonTextLength(top), `seed ${seed}, top`).toBe(JSON.stringify(top)?.length ?? 0);
      }
    }
  });

  it("serialises a definition once for both the request-size check's bytes and the summary's length", () => {
    const definitions = Array.from({ length: 50 }, (_, index) => ({
      name: `tool_${index}`,
      description: `Finds the weather in Zürich, 東京 and elsewhere (${index}).`,
      input_schema: { type: "object", properties: { city: { type: "string" } } },
    }));
    const body = { model: "m", tools: definitions, system: [{ type: "text", text: "Catalog: 漢字 ".repeat(600) }] };
    const text = JSON.stringify(body);
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      expect(jsonBytes(body)).toBe(new TextEncoder().encode(text).byteLength);
      const serialisedBySizeCheck = stringify.mock.calls.filter(([value]) => definitions.includes(value)).length;
      expect(serialisedBySizeCheck).toBe(definitions.length);
      stringify.mockClear();
      // The next request's body: a fresh object and list around the same definitions and the same long text.
      const next = { ...body, tools: [...definitions], system: [{ ...body.system[0] }] };
      expect(jsonTextLength(next)).toBe(text.length);
      expect(stringify.mock.calls.filter(([value]) => typeof value === "object" && value !== null)).toEqual([]);
      expect(stringify.mock.calls.filter(([value]) => value === body.system[0].text)).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
  });

  it("serialises an object with toJSON whole, even one holding a long text", () => {
    const long = "x".repeat(10_000);
    for (const value of [
      { toJSON: () => "short", text: long },
      { tools: [{ toJSON: () => ({ replaced: true }), text: long }] },
      { a: { b: { toJSON: () => [long, long], c: long } } },
    ])
      expect(jsonTextLength(value)).toBe(JSON.stringify(value).length);
  });

  it("gives 0 where JSON.stringify gives nothing", () => {
    expect(jsonTextLength(undefined)).toBe(0);
    expect(jsonTextLength(() => 1)).toBe(0);
    expect(jsonTextLength({ toJSON: () => undefined })).toBe(0);
  });
});
