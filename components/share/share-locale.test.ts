/**
 * A share link opens in the reader's language, not the sender's: the link carries no locale, and opening one (or
 * failing to) speaks the reader's language.
 */
import { describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { decodeSharePayload, encodeWorkspace } from "@/lib/share/share-link";
import { decodeBase64Url } from "@/lib/share/base64url";
import { inflateText } from "@/lib/share/deflate-codec";
import { openShareFragment } from "./startup-workspace";

function decodedText(payload: string): string {
  const inflated = inflateText(decodeBase64Url(payload.slice(payload.indexOf(".") + 1))!, 64 * 1024 * 1024);
  if (!inflated.ok) throw new Error(inflated.message);
  return inflated.text;
}

describe("a share link and the interface language", () => {
  it("carries no locale, even when the sender's state names one", async () => {
    const scenario = await loadExample("weather");
    const plain: Partial<WorkspaceState> = { scenario, strategyId: "gateway", stepIndex: 1 };
    // What a Chinese sender's page might hold beside the work: none of it is shareable state.
    const sender = { ...plain, locale: "zh-CN", interfaceLocale: "zh-CN" } as Partial<WorkspaceState>;
    const { payload } = encodeWorkspace(sender);
    const text = decodedText(payload);
    expect(text).not.toMatch(/locale/i);
    expect(text).not.toContain("zh-CN");
    // The same work gives the same link whoever sends it.
    expect(payload).toBe(encodeWorkspace(plain).payload);
    const decoded = decodeSharePayload(payload);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(Object.keys(decoded.workspace)).not.toContain("locale");
  });

  it("opens in the reader's language: decoding leaves the reader's locale as it was", async () => {
    const scenario = await loadExample("weather");
    const { payload } = encodeWorkspace({ scenario });
    for (const reader of ["en", "zh-CN"] as const) {
      const opening = await openShareFragment(`#s=${payload}`, undefined, undefined, reader);
      expect(opening?.ok).toBe(true);
      expect(JSON.stringify(opening)).not.toMatch(/"(?:interface)?locale"/i);
    }
    // A link cut off when copied: each reader is told why in their own language.
    const cut = `#s=${payload.slice(0, 40)}`;
    const english = await openShareFragment(cut, undefined, undefined, "en");
    const chinese = await openShareFragment(cut, undefined, undefined, "zh-CN");
    expect(english?.ok).toBe(false);
    expect(chinese?.ok).toBe(false);
    if (english?.ok !== false || chinese?.ok !== false) return;
    expect(english.message).toMatch(/^[^\u4e00-\u9fff]+$/);
    expect(english.message).toMatch(/cut off/);
    expect(chinese.message).toMatch(/链接/);
    console.log(`cut link: en "${english.message}" / zh-CN "${chinese.message}"`);
  });

  it("says why a short link did not open in the reader's language, from the server's error code", async () => {
    const missing = async () => ({
      ok: false as const,
      code: "not_found",
      message: "share: no scenario is stored under this link on this server",
    });
    const hash = `#id=${"a".repeat(22)}`;
    const english = await openShareFragment(hash, missing, undefined, "en");
    const chinese = await openShareFragment(hash, missing, undefined, "zh-CN");
    expect(english).toMatchObject({ ok: false, message: "no scenario is stored under this link on this server" });
    expect(chinese).toMatchObject({ ok: false, message: expect.stringContaining("此服务器上没有以该链接保存的场景") });
  });
});
