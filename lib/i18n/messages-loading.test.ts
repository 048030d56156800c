import { afterEach, describe, expect, it, vi } from "vitest";

// The setup file loads every locale; each test here starts from a fresh module, as a page starts: English only.
async function fresh() {
  vi.resetModules();
  const messages = await import("./messages");
  const { translatorFor } = await import("./translator");
  return { ...messages, translatorFor };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("a locale's messages", () => {
  it("English is there from the start; Chinese once loaded, fetched once for every caller", async () => {
    const { loadedMessages, loadMessages, translatorFor } = await fresh();
    expect(translatorFor("en", "common")("appTitle")).toBe("Tool Disclosure Playground");
    expect(loadedMessages("zh-CN")).toBeUndefined();
    const first = loadMessages("zh-CN");
    expect(loadMessages("zh-CN")).toBe(first);
    const chinese = await first;
    expect(loadedMessages("zh-CN")).toBe(chinese);
    expect(translatorFor("zh-CN", "common")("appTitle")).toBe("工具披露试验场");
  });

  it("wording text in a locale that is not loaded throws outside production, instead of showing English", async () => {
    const { translatorFor, messagesFor } = await fresh();
    expect(() => translatorFor("zh-CN", "common")).toThrow(/zh-CN messages are not loaded/);
    expect(() => messagesFor("zh-CN")).toThrow(/loadMessages\("zh-CN"\)/);
  });

  it("in production it logs the missing load and words the text in English rather than break the page", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { translatorFor } = await fresh();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(translatorFor("zh-CN", "common")("appTitle")).toBe("Tool Disclosure Playground");
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/zh-CN messages are not loaded/));
  });

  it("in production a sentence worded before the load is in the reader's language once the messages arrive", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { loadMessages, translatorFor } = await fresh();
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(translatorFor("zh-CN", "common")("appTitle")).toBe("Tool Disclosure Playground");
    await loadMessages("zh-CN");
    expect(translatorFor("zh-CN", "common")("appTitle")).toBe("工具披露试验场");
  });
});
