/**
 * The simulated provider responses, read back by the code that reads a real provider's responses (live mode and
 * trace import): the usage a response reports is the step's own figures, in the provider's terms (PROTOCOLS.md §5:
 * Anthropic's `input_tokens` is only the uncached part; OpenAI's and Moonshot's cached tokens are a subset of the
 * prompt), and every tool call a response makes has its result sent back, under the same id, in the next request.
 * Independent of the renderers' own code: the readers were written against the providers' documented responses.
 */
import { describe, expect, it } from "vitest";
import { createEngine } from "../engine/engine";
import type { StrategyRun } from "../core/run";
import { loadExample } from "../examples";
import type { ProviderId, StrategyId } from "../core/ids";
import { STRATEGY_IDS } from "../core/ids";
import { STRATEGIES } from "../strategies";
import { providerAdapter } from "./index";

const MODELS: Record<ProviderId, string> = {
  anthropic: "claude-opus-4-8",
  "openai-responses": "gpt-5.4",
  "openai-chat": "gpt-5.4",
  moonshot: "kimi-k3",
  gemini: "gemini-2.5-flash",
  deepseek: "deepseek-v4-flash",
  qwen: "qwen-plus",
  glm: "glm-5.3",
};

type Case = { strategy: StrategyId; provider: ProviderId };
const CASES: Case[] = STRATEGY_IDS.flatMap((strategy) =>
  STRATEGIES[strategy].providers.map((provider) => ({ strategy, provider })),
);

const runs = new Map<string, StrategyRun>();
/**
 * One case's run, built inside the first test that needs it (not while collecting the tests). Stryker's per-test
 * coverage gives a mutant only to the tests that executed it, so each case's checks sit in one test that runs that
 * case itself: with one shared run for all cases, only the first test would have reached the renderers.
 */
async function runOf({ strategy, provider }: Case): Promise<StrategyRun> {
  const key = `${strategy}@${provider}`;
  let run = runs.get(key);
  if (!run) {
    // The learning agent: long enough to cross every model's minimum, so reads and writes are both non-zero.
    const scenario = await loadExample("learning-agent");
    const settings = { ...scenario.settings, provider, model: MODELS[provider] };
    run = createEngine().runStrategy({ ...scenario, settings }, strategy);
    runs.set(key, run);
  }
  return run;
}

describe("simulated responses read back as a real provider's", () => {
  // Moonshot's documented usage has `cached_tokens` and nothing for writes (PROTOCOLS.md §3.4); K3 bills writes
  // separately (secondary), but where a response would report them is unconfirmed, so the simulated response does not
  // invent a field and a reader sees K3's written tokens as uncached input.
  it.each(CASES)(
    "$strategy on $provider: each response reports the step's own usage, and every tool call's result goes back under its id",
    async (testCase) => {
      const { provider } = testCase;
      const run = await runOf(testCase);
      expect(run.refused).toBeFalsy();
      for (const step of run.steps) {
        const usage = providerAdapter(provider).readUsage(step.response);
        expect(usage, `step ${step.index + 1}`).not.toBeNull();
        expect(
          {
            input: usage!.input,
            uncached: usage!.uncached,
            cacheRead: usage!.cacheRead,
            cacheWrite: usage!.cacheWrite,
            output: usage!.output,
          },
          `step ${step.index + 1}`,
        ).toEqual({
          input: step.tokens.input,
          uncached: step.tokens.uncached + (provider === "moonshot" ? step.tokens.cacheWrite : 0),
          cacheRead: step.tokens.cacheRead,
          cacheWrite: provider === "moonshot" ? 0 : step.tokens.cacheWrite,
          output: step.tokens.output,
        });
      }
      let calls = 0;
      run.steps.forEach((step, index) => {
        const reply = providerAdapter(provider).readReply(step.response);
        expect(reply.notes, `step ${step.index + 1}`).toEqual([]);
        const toolCalls = reply.blocks.filter((block) => block.type === "tool-call");
        // A step that calls a tool is followed, in its own conversation (a sub-agent's steps interleave with the
        // main one's), by the request carrying its result.
        if (toolCalls.length === 0) return;
        const next = run.steps.slice(index + 1).find((later) => later.lane === step.lane);
        expect(next, `step ${step.index + 1} calls a tool but no request follows`).toBeDefined();
        const nextBody = JSON.stringify(next!.request.body);
        for (const call of toolCalls) {
          calls += 1;
          expect(call.id).not.toBe("");
          expect(nextBody, `the result of ${call.name} (${call.id})`).toContain(JSON.stringify(call.id));
        }
        if (provider === "anthropic") expect(step.response.stop_reason).toBe("tool_use");
      });
      // A strategy whose calls are text in the answer (text-protocol) makes no native tool call at all.
      if (STRATEGIES[testCase.strategy].client?.textCalls === undefined)
        expect(calls, "the learning agent calls at least one tool").toBeGreaterThan(0);
    },
  );

  it("the runs read and write the cache somewhere on every provider (so the usage check above is not all zeros)", async () => {
    for (const provider of Object.keys(MODELS) as ProviderId[]) {
      const steps: StrategyRun["steps"][number][] = [];
      for (const testCase of CASES.filter((each) => each.provider === provider))
        steps.push(...(await runOf(testCase)).steps);
      expect(
        steps.some((step) => step.tokens.cacheRead > 0),
        provider,
      ).toBe(true);
      expect(
        steps.some((step) => step.tokens.output > 0),
        provider,
      ).toBe(true);
    }
  });
});
