import { describe, expect, it } from "vitest";
import { englishRuns } from "../i18n/english-leftovers";
import { translatorFor } from "../i18n/translator";
import { checkMcpUrl } from "./url-policy";

describe("checkMcpUrl", () => {
  it("allows any http(s) URL on a private playground", () => {
    expect(checkMcpUrl("http://127.0.0.1:8080/mcp", {}).ok).toBe(true);
    expect(checkMcpUrl("https://mcp.example.com/mcp", {}).ok).toBe(true);
  });

  it("refuses other schemes, credentials in the URL and garbage", () => {
    for (const url of [
      "file:///etc/passwd",
      "javascript:alert(1)",
      "ftp://x",
      "https://user:pass@mcp.example.com/",
      "not a url",
    ]) {
      expect(checkMcpUrl(url, {}).ok).toBe(false);
    }
  });

  it("turns URL import off on a public host without an allow-list", () => {
    expect(checkMcpUrl("https://mcp.example.com/mcp", { PLAYGROUND_PUBLIC: "1" })).toMatchObject({
      ok: false,
      code: "url_not_allowed",
    });
  });

  it("matches allow-list entries by origin and whole path segments", () => {
    const environment = {
      PLAYGROUND_PUBLIC: "1",
      PLAYGROUND_MCP_ALLOWED_URLS: "https://mcp.example.com, https://tools.example.org/team/",
    };
    expect(checkMcpUrl("https://mcp.example.com/anything/mcp", environment).ok).toBe(true);
    expect(checkMcpUrl("https://tools.example.org/team/mcp", environment).ok).toBe(true);
    expect(checkMcpUrl("https://tools.example.org/team", environment).ok).toBe(true);
    for (const url of [
      "https://mcp.example.com.attacker.example/mcp",
      "http://mcp.example.com/mcp",
      "https://mcp.example.com:8443/mcp",
      "https://tools.example.org/teammate/mcp",
      "https://tools.example.org/mcp",
      "http://169.254.169.254/latest/meta-data/",
    ]) {
      expect(checkMcpUrl(url, environment).ok, url).toBe(false);
    }
  });

  it("words every refusal in Chinese from its code and facts, and in English as the API says it", () => {
    const refusals = [
      checkMcpUrl("not a url", {}),
      checkMcpUrl("file:///etc/passwd", {}),
      checkMcpUrl("https://user:secret@mcp.example.com/mcp", {}),
      checkMcpUrl("https://mcp.example.com/mcp", { PLAYGROUND_PUBLIC: "1" }),
      checkMcpUrl("https://other.example.com/mcp", { PLAYGROUND_MCP_ALLOWED_URLS: "https://mcp.example.com" }),
    ];
    const say = (locale: "en" | "zh-CN") =>
      translatorFor(locale, "problems") as unknown as (key: string, values: Record<string, string | number>) => string;
    for (const refusal of refusals) {
      if (refusal.ok) throw new Error("allowed");
      expect(`mcp-import: ${say("en")(`mcpUrl.${refusal.words.what}`, refusal.words.values)}`).toBe(refusal.message);
      const chinese = say("zh-CN")(`mcpUrl.${refusal.words.what}`, refusal.words.values);
      expect(englishRuns(chinese), chinese).toEqual([]);
    }
  });
});
