/**
 * The share-link limits at their boundaries. The expected figures are the documented ones (share-limits.ts says
 * why each has its value; docs/SHARING.md), written here as numbers so a changed constant fails a test.
 */
import { describe, expect, it } from "vitest";
import { createScenario } from "../scenario/create-scenario";
import { readEnvelope } from "./share-envelope";
import { decodeSharePayload } from "./share-link";
import {
  linkSizeVerdict,
  MAX_DECODED_BYTES,
  MAX_PAYLOAD_CHARS,
  MAX_STEP_INDEX,
  MAX_STRING_CHARS,
  SHARE_LINK_COMFORTABLE_CHARS,
  SHARE_LINK_MAX_CHARS,
} from "./share-limits";

describe("share-link size verdict", () => {
  it.each([
    [1, "comfortable"],
    [7_999, "comfortable"],
    [8_000, "comfortable"],
    [8_001, "long"],
    [16_000, "long"],
    [16_001, "long"],
    [31_999, "long"],
    [32_000, "long"],
    [32_001, "too-long"],
    [320_000, "too-long"],
  ] as const)("a link of %i characters is %s", (length, verdict) => {
    expect(linkSizeVerdict(length)).toBe(verdict);
  });

  it("uses the documented limits: 8,000 comfortable, 32,000 at most", () => {
    expect(SHARE_LINK_COMFORTABLE_CHARS).toBe(8_000);
    expect(SHARE_LINK_MAX_CHARS).toBe(32_000);
  });
});

describe("decoder limits", () => {
  it("refuses a payload over 7 MiB before any work, and reads one at exactly 7 MiB", () => {
    expect(MAX_PAYLOAD_CHARS).toBe(7_340_032);
    const atLimit = `1.${"A".repeat(7_340_032 - 2)}`;
    const atLimitResult = decodeSharePayload(atLimit);
    expect(atLimitResult.ok).toBe(false);
    if (!atLimitResult.ok) expect(atLimitResult.error.code).not.toBe("too-long");
    const overLimit = `${atLimit}A`;
    const overLimitResult = decodeSharePayload(overLimit);
    expect(overLimitResult).toMatchObject({
      ok: false,
      error: {
        code: "too-long",
        message: "share-link: the link is 7,340,033 characters, more than the 7,340,032 allowed",
      },
    });
  });

  it("caps decompressed output at the 20 MiB every JSON text in the playground is held to", () => {
    expect(MAX_DECODED_BYTES).toBe(20 * 1024 * 1024);
  });

  it("opens a string of 1,000,000 characters and refuses one of 1,000,001", () => {
    expect(MAX_STRING_CHARS).toBe(1_000_000);
    const scenario = JSON.parse(JSON.stringify(createScenario({ title: "limits" })));
    const withDescription = (length: number) => ({ v: 1, scenario: { ...scenario, description: "d".repeat(length) } });
    expect(readEnvelope(withDescription(1_000_000)).ok).toBe(true);
    expect(readEnvelope(withDescription(1_000_001))).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: "huge-string",
        message: "share-link: a text of more than 1,000,000 characters at $.scenario.description; refusing to open it",
      }),
    });
  });

  it("keeps a step index up to 100,000 and drops a larger one with a warning", () => {
    expect(MAX_STEP_INDEX).toBe(100_000);
    const scenario = JSON.parse(JSON.stringify(createScenario({ title: "limits" })));
    const at = readEnvelope({ v: 1, scenario, stepIndex: 100_000 });
    expect(at.ok && at.workspace.stepIndex).toBe(100_000);
    const over = readEnvelope({ v: 1, scenario, stepIndex: 100_001 });
    expect(over.ok && over.workspace.stepIndex).toBeUndefined();
    expect(over.ok && over.problems.map((problem) => problem.message)).toContain(
      "share-link: invalid step; the first step is shown",
    );
    const negative = readEnvelope({ v: 1, scenario, stepIndex: -1 });
    expect(negative.ok && negative.workspace.stepIndex).toBeUndefined();
    const zero = readEnvelope({ v: 1, scenario, stepIndex: 0 });
    expect(zero.ok && zero.workspace.stepIndex).toBe(0);
  });
});
