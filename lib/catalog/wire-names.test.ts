import { describe, expect, it } from "vitest";
import { wireNameMapping, type WireName } from "./wire-names";

// The patterns of lib/models/model-limits.ts `toolNamePattern` (this folder may not import that one).
const ANTHROPIC_OPENAI = "^[a-zA-Z0-9_-]{1,64}$";
const KIMI = "^[a-zA-Z_][a-zA-Z0-9-_]{2,63}$";
const GEMINI = "^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$";

const LONG = `search_${"very_long_segment_".repeat(5)}end`.slice(0, 100);
const OTHER_LONG = `${LONG.slice(0, 99)}X`;
const NAMES = [
  "admin.tools.list",
  "fs/read_file",
  "Send Email",
  "查询天气",
  "翻译",
  LONG,
  OTHER_LONG,
  "a.b",
  "a_b",
  "ping",
];

const asMap = (mapping: WireName[]) => new Map(mapping.map(({ original, wire }) => [original, wire]));

describe("wire names for the names a provider refuses", () => {
  it("replaces dots, slashes and spaces by _, and leaves accepted names alone", () => {
    const wire = asMap(wireNameMapping(NAMES, ANTHROPIC_OPENAI));
    expect(wire.get("admin.tools.list")).toBe("admin_tools_list");
    expect(wire.get("fs/read_file")).toBe("fs_read_file");
    expect(wire.get("Send Email")).toBe("Send_Email");
    expect(wire.has("a_b")).toBe(false);
    expect(wire.has("ping")).toBe(false);
  });

  it("collapses a run of refused characters, and drops one at either end", () => {
    const wire = asMap(wireNameMapping(["/fs//read.._file/", "x - y"], ANTHROPIC_OPENAI));
    expect(wire.get("/fs//read.._file/")).toBe("fs_read_file");
    expect(wire.get("x - y")).toBe("x_-_y");
  });

  it("gives a Chinese-only name a word and a hash, different for each name", () => {
    const wire = asMap(wireNameMapping(NAMES, ANTHROPIC_OPENAI));
    expect(wire.get("查询天气")).toMatch(/^tool_[0-9a-z]{6}$/);
    expect(wire.get("翻译")).toMatch(/^tool_[0-9a-z]{6}$/);
    expect(wire.get("查询天气")).not.toBe(wire.get("翻译"));
  });

  it("shortens a 100-character name to 64 with a hash of the whole name, so two long names stay apart", () => {
    const wire = asMap(wireNameMapping(NAMES, ANTHROPIC_OPENAI));
    const first = wire.get(LONG)!;
    const second = wire.get(OTHER_LONG)!;
    expect(LONG).toHaveLength(100);
    expect(first).toHaveLength(64);
    expect(first.startsWith(LONG.slice(0, 50))).toBe(true);
    expect(first).toMatch(/_[0-9a-z]{6}$/);
    expect(second).toHaveLength(64);
    expect(second).not.toBe(first);
  });

  it("does not take a name already in the catalog: a.b next to a_b gets a hash", () => {
    const wire = asMap(wireNameMapping(NAMES, ANTHROPIC_OPENAI));
    expect(wire.get("a.b")).toMatch(/^a_b_[0-9a-z]{6}$/);
    // Two refused names that sanitize alike: the first keeps the plain form, the second gets the hash.
    const pair = wireNameMapping(["x.y", "x/y"], ANTHROPIC_OPENAI);
    expect(pair[0].wire).toBe("x_y");
    expect(pair[1].wire).toMatch(/^x_y_[0-9a-z]{6}$/);
  });

  it("on Kimi's pattern: a letter or _ first and three characters at least", () => {
    const wire = asMap(wireNameMapping(["3d.print", "ab", "a.b", "fs/read_file"], KIMI));
    expect(wire.get("3d.print")).toBe("_3d_print");
    expect(wire.get("ab")).toBe("_ab");
    expect(wire.get("a.b")).toBe("a_b");
    expect(wire.get("fs/read_file")).toBe("fs_read_file");
  });

  it("on Gemini's pattern dots are accepted, so a dotted name is sent unchanged", () => {
    const wire = asMap(wireNameMapping(NAMES, GEMINI));
    expect(wire.has("admin.tools.list")).toBe(false);
    expect(wire.has("a.b")).toBe(false);
    expect(wire.get("fs/read_file")).toBe("fs_read_file");
  });

  it("every wire name matches its pattern and is unique among the names sent", () => {
    for (const pattern of [ANTHROPIC_OPENAI, KIMI, GEMINI]) {
      const mapping = wireNameMapping(NAMES, pattern);
      const regex = new RegExp(pattern);
      expect(mapping.length).toBeGreaterThan(0);
      for (const { wire } of mapping) expect(wire, pattern).toMatch(regex);
      const mapped = new Set(mapping.map(({ original }) => original));
      const sent = NAMES.map((name) => asMap(mapping).get(name) ?? name);
      expect(new Set(sent).size, pattern).toBe(NAMES.length);
      for (const name of NAMES.filter((candidate) => !mapped.has(candidate))) expect(name).toMatch(regex);
    }
  });

  it("is deterministic: the same names give the same wire names, and one name's does not depend on others", () => {
    expect(wireNameMapping(NAMES, ANTHROPIC_OPENAI)).toEqual(wireNameMapping([...NAMES], ANTHROPIC_OPENAI));
    const alone = asMap(wireNameMapping([LONG, "查询天气"], ANTHROPIC_OPENAI));
    const among = asMap(wireNameMapping(NAMES, ANTHROPIC_OPENAI));
    expect(among.get(LONG)).toBe(alone.get(LONG));
    expect(among.get("查询天气")).toBe(alone.get("查询天气"));
  });

  it("leaves a name unmapped where no candidate fits, and maps nothing under a pattern that does not compile", () => {
    // A pattern someone set that accepts lowercase letters only: `_` is refused too, so no wire name can pass.
    expect(wireNameMapping(["a.b"], "^[a-z]+$")).toEqual([]);
    expect(wireNameMapping(["a.b"], "((")).toEqual([]);
    // A pattern that accepts any name: nothing to map.
    expect(wireNameMapping(NAMES, "^.+$")).toEqual([]);
  });
});
