import { describe, expect, it } from "vitest";
import { allowedKeys, pickAllowed, STATE_KEYS } from "./state-keys";

describe("STATE_KEYS", () => {
  it("never lets a secret or private key into a link or onto disk", () => {
    for (const key of ["providerKeys", "liveBaseUrls", "mcpConnection"] as const) {
      expect(STATE_KEYS[key].share).toBe(false);
      expect(STATE_KEYS[key].persist).not.toBe(true);
    }
  });

  it("lists the shareable keys", () => {
    expect(allowedKeys("share")).toEqual(["scenario", "strategyId", "stepIndex", "forceProvider"]);
  });

  it("drops keys the table forbids and keys it does not know", () => {
    const picked = pickAllowed(
      { strategyId: "full", providerKeys: { anthropic: "sk-ant-secret" }, apiKey: "sk-x" },
      "share",
    );
    expect(picked).toEqual({ strategyId: "full" });
  });
});
