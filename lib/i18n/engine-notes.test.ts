import { describe, expect, it } from "vitest";
import { STRATEGY_IDS } from "../core/ids";
import { defaultModel } from "../models/model-table";
import { OPENAI_DEFERRED_TOOLS_COUNT_ASSUMPTION } from "../providers/limits";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { STRATEGIES } from "../strategies/definitions";
import { MEDIA_NOT_COUNTED_WARNING } from "../providers/media-parts";
import { createTokenCounter } from "../tokens/token-counter";
import { ALL_MESSAGES as MESSAGES } from "./all-messages";
import {
  engineNote,
  engineNoteText,
  engineTitleText,
  namesOrNothing,
  readEngineNote,
  readEngineTitle,
  engineWarningText,
  supportReasonText,
  tokenCountingText,
  type EngineNoteCode,
  type EngineTitleCode,
} from "./engine-notes";

const HAN = /\p{Script=Han}/u;

describe("engine notes as facts", () => {
  it("reads every note back into the code and values it was made from", () => {
    for (const code of Object.keys(MESSAGES.en.engine.notes) as EngineNoteCode[]) {
      const names = [...MESSAGES.en.engine.notes[code].matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const values = Object.fromEntries(names.map((name, index) => [name, `${name} ${index}`]));
      expect(readEngineNote(engineNote(code, values)), code).toEqual({ code, values });
    }
  });

  it("reads every title back, a second conversation's prefix included", () => {
    for (const code of Object.keys(MESSAGES.en.engine.titles) as EngineTitleCode[]) {
      const message = MESSAGES.en.engine.titles[code];
      const names = [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const values = Object.fromEntries(names.map((name) => [name, "get_weather"]));
      const title = message.replace(/\{(\w+)\}/g, (_, name: string) => values[name]);
      expect(readEngineTitle(title), code).toEqual({ code, values });
    }
    expect(engineTitleText("sub-agent: call get_weather", "zh-CN")).toBe("子代理：调用 get_weather");
    expect(engineTitleText("give up", "zh-CN")).toBe("放弃");
    expect(engineTitleText("give up", "en")).toBe("give up");
  });

  it("words a note in Chinese with the same names and figures, an empty list as 无", () => {
    const note = engineNote("missed", {
      kind: "client",
      query: "天气",
      tool: "get_weather",
      names: namesOrNothing([]),
    });
    expect(note).toBe('client search for "天气" missed get_weather (returned nothing)');
    const chinese = engineNoteText(note, "zh-CN");
    expect(chinese).toMatch(HAN);
    expect(chinese).toContain("get_weather");
    expect(chinese).toContain("无");
    expect(chinese).toContain("客户端");
    expect(chinese).not.toContain("nothing");
    expect(engineNoteText(engineNote("helpTokens", { tool: "run", count: 1234 }), "zh-CN")).toContain("1234");
  });

  it("keeps a note it does not know as recorded, and English as recorded", () => {
    expect(engineNoteText("something the provider said", "zh-CN")).toBe("something the provider said");
    const note = engineNote("addedToTools", { tool: "get_weather" });
    expect(engineNoteText(note, "en")).toBe(note);
  });
});

describe("token-counting labels", () => {
  it("words every tokenizer's label in Chinese, with its factor", () => {
    for (const kind of ["o200k", "anthropic-estimate", "kimi-estimate"] as const) {
      const { label } = createTokenCounter(kind, kind === "o200k" ? {} : { correctionFactor: 1.15 });
      const chinese = tokenCountingText(label, "zh-CN");
      expect(chinese, label).toMatch(HAN);
      if (kind !== "o200k") expect(chinese).toContain("1.15");
    }
  });
});

describe("step warnings", () => {
  it("words the providers' and the cache model's warnings in Chinese by their code, figures kept", () => {
    const warning = {
      code: "cache-too-many-breakpoints",
      message:
        "cache: 6 cache breakpoints but at most 4 are allowed; the API rejects this, so only the first 4 are used here",
    };
    const chinese = engineWarningText(warning, "zh-CN");
    expect(chinese).toMatch(HAN);
    expect(chinese).toContain("6");
    expect(chinese).toContain("4");
    expect(engineWarningText(warning, "en")).toBe(warning.message);
    expect(engineWarningText({ code: "something-else", message: "as is" }, "zh-CN")).toBe("as is");
  });
});

describe("warning messages match what the providers write", () => {
  it("holds the providers' constant warnings word for word", () => {
    expect(MESSAGES.en.engine.warnings["trace-media-not-counted"]).toBe(MEDIA_NOT_COUNTED_WARNING.message);
    expect(
      MESSAGES.en.engine.warnings["openai-deferred-tool-count"].startsWith(OPENAI_DEFERRED_TOOLS_COUNT_ASSUMPTION),
    ).toBe(true);
  });
});

describe("why a strategy cannot run", () => {
  it("words every strategy's refusal on a model without its mechanism in Chinese, the model's name kept", () => {
    const model = defaultModel("openai-chat");
    const reasons = STRATEGY_IDS.flatMap((id) => {
      const support = STRATEGIES[id].supports(model.provider, model, DEFAULT_SETTINGS);
      return support.ok ? [] : [support.reason];
    });
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(supportReasonText(reason, "zh-CN"), reason).toMatch(HAN);
  });
});
