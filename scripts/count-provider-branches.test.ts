import ts from "typescript";
import { describe, expect, it } from "vitest";
import { countedFile, providerBranches } from "./count-provider-branches";

/** A program over in-memory files under /virtual, with the real default library. */
function virtualProgram(files: Record<string, string>): ts.Program {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022 };
  const host = ts.createCompilerHost(options);
  const read = (fileName: string) => files[fileName.replace(/^\/virtual\//, "")];
  return ts.createProgram(
    Object.keys(files).map((name) => `/virtual/${name}`),
    options,
    {
      ...host,
      fileExists: (fileName) => read(fileName) !== undefined || host.fileExists(fileName),
      directoryExists: (name) => name.startsWith("/virtual") || (host.directoryExists?.(name) ?? false),
      readFile: (fileName) => read(fileName) ?? host.readFile(fileName),
      getSourceFile: (fileName, language) => {
        const text = read(fileName);
        return text !== undefined
          ? ts.createSourceFile(fileName, text, language)
          : host.getSourceFile(fileName, language);
      },
    },
  );
}

const IDS = `export type ProviderId = "anthropic" | "openai-responses" | "openai-chat" | "moonshot";`;

describe("provider-id branches outside lib/providers and the id list", () => {
  it("counts comparisons, cases, maps keyed by provider and asked lists, not other strings", () => {
    const program = virtualProgram({
      "lib/core/ids.ts": IDS,
      "lib/live/usage.ts": [
        `import type { ProviderId } from "../core/ids";`,
        `declare const provider: ProviderId;`,
        `declare const body: { provider: string; model: string };`,
        `declare function pick(id: ProviderId): void;`,
        `export const branch = provider === "anthropic";`,
        `export function label() { switch (provider) { case "moonshot": return 1; default: return 0; } }`,
        `export const parsed = body.provider !== "openai-chat";`,
        `export const narrowed = provider !== "anthropic" && provider !== "moonshot" ? 1 : 0;`,
        `export const names: Record<ProviderId, string> = { anthropic: "a", "openai-responses": "b", "openai-chat": "c", moonshot: "d" };`,
        `export const chatLike = ["openai-chat", "moonshot"].includes(provider);`,
        `pick("anthropic");`,
        `export const model = body.model === "anthropic";`,
        `export const slots = { anthropic: 1, openai: 2, moonshot: 3 };`,
        `export const words = ["anthropic", "moonshot"];`,
        `export const formats = { catalog: 1, mcp: 2, anthropic: 3, "openai-chat": 4, "openai-responses": 5, bfcl: 6, other: 7 };`,
      ].join("\n"),
      "lib/providers/anthropic/adapter.ts": `import type { ProviderId } from "../../core/ids";\ndeclare const p: ProviderId;\nexport const a = p === "anthropic";`,
      "lib/live/usage.test.ts": `import type { ProviderId } from "../core/ids";\ndeclare const p: ProviderId;\nexport const a = p === "anthropic";`,
    });
    const { ids, hits } = providerBranches("/virtual", program, "/virtual/lib/core/ids.ts");
    expect([...ids].sort()).toEqual(["anthropic", "moonshot", "openai-chat", "openai-responses"]);
    expect(hits).toEqual([
      `lib/live/usage.ts:5  "anthropic"`,
      `lib/live/usage.ts:6  "moonshot"`,
      `lib/live/usage.ts:7  "openai-chat"`,
      `lib/live/usage.ts:8  "anthropic"`,
      `lib/live/usage.ts:8  "moonshot"`,
      `lib/live/usage.ts:9  anthropic`,
      `lib/live/usage.ts:9  "openai-responses"`,
      `lib/live/usage.ts:9  "openai-chat"`,
      `lib/live/usage.ts:9  moonshot`,
      `lib/live/usage.ts:10  "openai-chat"`,
      `lib/live/usage.ts:10  "moonshot"`,
    ]);
  });

  it("leaves out tests, e2e, lib/providers and the id list", () => {
    expect(countedFile("lib/live/usage.ts")).toBe(true);
    expect(countedFile("components/playground/model-picker.tsx")).toBe(true);
    expect(countedFile("lib/providers/anthropic/adapter.ts")).toBe(false);
    expect(countedFile("lib/providers/registry.ts")).toBe(false);
    expect(countedFile("lib/core/ids.ts")).toBe(false);
    expect(countedFile("lib/live/usage.test.ts")).toBe(false);
    expect(countedFile("e2e/live.spec.ts")).toBe(false);
    expect(countedFile("lib/view/types.d.ts")).toBe(false);
  });
});
