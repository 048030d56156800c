import { describe, expect, it } from "vitest";
import {
  keySlotFor,
  normaliseKey,
  readRememberedKeys,
  REMEMBERED_KEYS_STORAGE_KEY,
  writeRememberedKeys,
} from "./key-storage";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("remembered keys", () => {
  it("round-trips under its own storage key and removes the entry when empty", () => {
    const storage = memoryStorage();
    writeRememberedKeys(storage, { anthropic: "sk-ant-1", openai: "" });
    expect([...storage.items.keys()]).toEqual([REMEMBERED_KEYS_STORAGE_KEY]);
    expect(readRememberedKeys(storage)).toEqual({ anthropic: "sk-ant-1" });
    writeRememberedKeys(storage, {});
    expect(storage.items.size).toBe(0);
  });

  it("ignores junk in storage", () => {
    const storage = memoryStorage();
    storage.setItem(REMEMBERED_KEYS_STORAGE_KEY, "{not json");
    expect(readRememberedKeys(storage)).toEqual({});
    storage.setItem(REMEMBERED_KEYS_STORAGE_KEY, JSON.stringify({ anthropic: 5, evil: "x" }));
    expect(readRememberedKeys(storage)).toEqual({});
  });

  it("one slot per account; a pasted key is trimmed to its first token", () => {
    expect(keySlotFor("openai-responses")).toBe("openai");
    expect(keySlotFor("openai-chat", { kind: "custom", baseUrl: "http://localhost:11434/v1" })).toBe(
      "openai-compatible",
    );
    expect(normaliseKey("  sk-abc\n")).toBe("sk-abc");
  });
});
