import { describe, expect, it } from "vitest";
import { resolveModel } from "./resolve-model";

describe("resolveModel: aliases", () => {
  it("prices gpt-5.6, bare or dated, as its alias gpt-5.6-sol, without a note", () => {
    for (const recorded of ["gpt-5.6", "gpt-5.6-2026-07-09", "openai/gpt-5.6"]) {
      expect(resolveModel("openai-responses", recorded)).toEqual({
        model: expect.objectContaining({ id: "gpt-5.6-sol" }),
      });
      expect(resolveModel("openai-chat", recorded).model.id).toBe("gpt-5.6-sol");
    }
    expect(resolveModel("openai-responses", "gpt-5.6-terra").model.id).toBe("gpt-5.6-terra");
  });
});
