import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { WireRequest } from "../engine/types";
import { detectApi, requestCode, safeHeaders, toCurl, toPython, toTypeScript } from "./request-code";

const hasBash = spawnSync("bash", ["--version"]).status === 0;
const hasPython = spawnSync("python3", ["--version"]).status === 0;

const body = {
  model: "claude-opus-4-8",
  max_tokens: 1024,
  system: 'You are helpful. It\'s "quoted" and $HOME stays literal; `backticks` too.',
  tools: [
    { name: "tool_search_tool_bm25", type: "tool_search_tool_bm25_20251119" },
    {
      name: "get_weather",
      description: "Weather for a city.\nSecond line: é 東京",
      input_schema: {
        type: "object",
        properties: { city: { type: "string" } },
        required: ["city"],
        additionalProperties: false,
      },
      defer_loading: true,
      strict: true,
    },
  ],
  messages: [{ role: "user", content: [{ type: "text", text: "What's the weather in 'Paris'?\nThanks!" }] }],
  cache_control: { type: "ephemeral" },
  stream: false,
  metadata: null,
};

const anthropic: WireRequest = {
  method: "POST",
  url: "https://api.anthropic.com/v1/messages",
  headers: { "content-type": "application/json", "anthropic-version": "2023-06-01", "x-api-key": "$ANTHROPIC_API_KEY" },
  body,
};
const anthropicBeta: WireRequest = {
  ...anthropic,
  headers: { ...anthropic.headers, "anthropic-beta": "mid-conversation-tools-2026-01-01, other-beta" },
};
const openaiResponses: WireRequest = {
  method: "POST",
  url: "https://api.openai.com/v1/responses",
  headers: { "content-type": "application/json", authorization: "Bearer $OPENAI_API_KEY" },
  body: { model: "gpt-5.4", input: [{ role: "user", content: "hi" }], tools: [{ type: "tool_search" }], store: false },
};
const openaiChat: WireRequest = {
  ...openaiResponses,
  url: "https://api.openai.com/v1/chat/completions",
  body: { model: "gpt-5.4", messages: [{ role: "user", content: "hi" }] },
};
const moonshot: WireRequest = {
  method: "POST",
  url: "https://api.moonshot.ai/v1/chat/completions",
  headers: { "content-type": "application/json", authorization: "Bearer $MOONSHOT_API_KEY" },
  body: { model: "kimi-k3", messages: [{ role: "system", tools: [] }], max_tokens: 512 },
};
/** A request that somehow carries real keys must never leak them. */
const leaky: WireRequest = { ...anthropic, headers: { ...anthropic.headers, "x-api-key": "sk-ant-REAL-SECRET" } };
const leakyOpenai: WireRequest = {
  ...openaiChat,
  headers: { authorization: "Bearer sk-REAL-SECRET", "content-type": "application/json" },
};

function typeScriptSyntaxErrors(code: string): string[] {
  const output = ts.transpileModule(code, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return (output.diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

describe("detectApi", () => {
  it("recognises each provider by URL", () => {
    expect(detectApi(anthropic.url)).toMatchObject({ kind: "anthropic-messages", keyVariable: "ANTHROPIC_API_KEY" });
    expect(detectApi(openaiResponses.url)).toMatchObject({ kind: "openai-responses", keyVariable: "OPENAI_API_KEY" });
    expect(detectApi(openaiChat.url)).toMatchObject({ kind: "openai-chat", keyVariable: "OPENAI_API_KEY" });
    expect(detectApi(moonshot.url)).toEqual({
      kind: "moonshot-chat",
      keyVariable: "MOONSHOT_API_KEY",
      baseUrl: "https://api.moonshot.ai/v1",
    });
    expect(detectApi("https://example.com/v1/x").kind).toBe("unknown");
    expect(detectApi("not a url").kind).toBe("unknown");
  });
});

describe("never a literal key", () => {
  it("rewrites credential headers to the environment variable", () => {
    expect(safeHeaders(leaky).find((header) => header.name === "x-api-key")?.value).toBe("$ANTHROPIC_API_KEY");
    expect(safeHeaders(leakyOpenai).find((header) => header.name === "authorization")?.value).toBe(
      "Bearer $OPENAI_API_KEY",
    );
    for (const request of [leaky, leakyOpenai]) {
      for (const format of ["json", "curl", "typescript", "python"] as const) {
        expect(requestCode(request, format)).not.toContain("REAL-SECRET");
      }
    }
  });
});

describe("toCurl", () => {
  it("writes headers with -H, the key as an env var and the body as a quoted heredoc", () => {
    const code = toCurl(anthropic);
    expect(code).toContain("curl https://api.anthropic.com/v1/messages \\\n");
    expect(code).toContain(`-H 'content-type: application/json'`);
    expect(code).toContain(`-H "x-api-key: $ANTHROPIC_API_KEY"`);
    expect(code).toContain("--data-binary @- <<'JSON'\n{\n");
    expect(code.endsWith("\n}\nJSON\n")).toBe(true);
    expect(toCurl(openaiResponses)).toContain(`-H "authorization: Bearer $OPENAI_API_KEY"`);
  });

  it.skipIf(!hasBash)("runs in bash: the env var expands and the body arrives byte for byte", () => {
    for (const request of [anthropic, anthropicBeta, moonshot]) {
      const script = `curl() { printf '%s\\n' "$@" > "$ARGS_FILE"; cat; }\n${toCurl(request)}`;
      const directory = mkdtempSync(join(tmpdir(), "request-code-"));
      const argsFile = join(directory, "args");
      // --norc: bash reads ~/.bashrc when stdin is a socket, which is how Node passes `input`.
      const result = spawnSync("bash", ["--norc", "--noprofile", "-c", script], {
        encoding: "utf8",
        env: {
          ...process.env,
          ARGS_FILE: argsFile,
          ANTHROPIC_API_KEY: "test-anthropic",
          MOONSHOT_API_KEY: "test-moonshot",
        },
      });
      expect(result.stderr).toBe("");
      expect(JSON.parse(result.stdout)).toEqual(request.body);
      const args = readFileSync(argsFile, "utf8");
      rmSync(directory, { recursive: true, force: true });
      expect(args).toContain(request.url);
      if (request.url.includes("anthropic")) expect(args).toContain("x-api-key: test-anthropic");
      else expect(args).toContain("authorization: Bearer test-moonshot");
      if (request === anthropicBeta)
        expect(args).toContain("anthropic-beta: mid-conversation-tools-2026-01-01, other-beta");
    }
  });
});

describe("toTypeScript", () => {
  it("uses messages.create, or beta.messages.create with betas from the header", () => {
    const plain = toTypeScript(anthropic);
    expect(plain).toContain(`import Anthropic from "@anthropic-ai/sdk";`);
    expect(plain).toContain("await client.messages.create({");
    expect(plain).not.toContain("betas");
    const beta = toTypeScript(anthropicBeta);
    expect(beta).toContain("await client.beta.messages.create({");
    expect(beta).toContain(`betas: [\n    "mid-conversation-tools-2026-01-01",\n    "other-beta"\n  ]`);
    expect(beta).not.toContain("anthropic-beta");
  });

  it("uses the OpenAI SDK for Responses, Chat Completions and Moonshot", () => {
    expect(toTypeScript(openaiResponses)).toContain("await client.responses.create({");
    expect(toTypeScript(openaiChat)).toContain("await client.chat.completions.create({");
    const kimi = toTypeScript(moonshot);
    expect(kimi).toContain(`baseURL: "https://api.moonshot.ai/v1",`);
    expect(kimi).toContain("apiKey: process.env.MOONSHOT_API_KEY,");
    expect(kimi).toContain("await client.chat.completions.create({");
  });

  it("is valid TypeScript and carries the body unchanged", () => {
    for (const request of [
      anthropic,
      anthropicBeta,
      openaiResponses,
      openaiChat,
      moonshot,
      { ...anthropic, url: "https://example.com/llm", headers: { ...anthropic.headers, "x-extra": "1" } },
    ]) {
      const code = toTypeScript(request);
      expect(typeScriptSyntaxErrors(code)).toEqual([]);
      const literal =
        /create\((\{[\s\S]*?\n\})/.exec(code)?.[1] ?? /JSON\.stringify\((\{[\s\S]*?\n {2}\})\)/.exec(code)?.[1];
      expect(literal).toBeDefined();
      const parsed = new Function(`return (${literal});`)();
      const { betas: _betas, ...rest } = parsed;
      expect(rest).toEqual(request.body);
    }
  });

  it("passes headers the SDK does not manage as request options", () => {
    const code = toTypeScript({ ...anthropic, headers: { ...anthropic.headers, "x-trace": "abc" } });
    expect(code).toContain(`}, {\n  headers: {\n    "x-trace": "abc"\n  },\n});`);
    expect(code).toContain(`  max_tokens: 1024,`);
  });
});

describe("size", () => {
  it("prints a 10,000-tool body quickly enough to copy on a click", () => {
    const tools = Array.from({ length: 10_000 }, (_, index) => ({
      name: `tool_${index}`,
      description: `Does thing number ${index}. "Quoted", with a newline\nand unicode é.`,
      input_schema: {
        type: "object",
        properties: { value: { type: "string", description: "A value." }, count: { type: "integer", minimum: 0 } },
        required: ["value"],
        additionalProperties: false,
      },
      defer_loading: true,
    }));
    const big: WireRequest = { ...anthropic, body: { ...body, tools } };
    // Finishing at all is the point (a quadratic escape would blow the test's timeout); speed is not asserted.
    const python = toPython(big);
    const typeScript = toTypeScript(big);
    const curl = toCurl(big);
    expect(python.length).toBeGreaterThan(1_000_000);
    expect(typeScript).toContain("      defer_loading: true\n");
    expect(curl.endsWith("\nJSON\n")).toBe(true);
  });
});

describe("toPython", () => {
  it("uses the SDKs with the body as a Python literal", () => {
    const code = toPython(anthropic);
    expect(code).toContain("client = anthropic.Anthropic()");
    expect(code).toContain('    "stream": False,');
    expect(code).toContain('    "metadata": None,');
    expect(code).toContain('"strict": True,');
    expect(code).toContain(`"What's the weather in 'Paris'?\\nThanks!"`);
    expect(code).toContain("response = client.messages.create(**body)");
    expect(toPython(anthropicBeta)).toContain(
      `response = client.beta.messages.create(**body, betas=["mid-conversation-tools-2026-01-01", "other-beta"])`,
    );
    expect(toPython(openaiResponses)).toContain("response = client.responses.create(**body)");
    expect(toPython(openaiChat)).toContain("response = client.chat.completions.create(**body)");
    const kimi = toPython(moonshot);
    expect(kimi).toContain(
      `client = OpenAI(base_url="https://api.moonshot.ai/v1", api_key=os.environ["MOONSHOT_API_KEY"])`,
    );
  });

  it.skipIf(!hasPython)("compiles in Python, and its body evaluates to the request body", () => {
    const requests = [
      anthropic,
      anthropicBeta,
      openaiResponses,
      moonshot,
      { ...openaiChat, url: "https://example.com/x" },
    ];
    // One interpreter for all cases: Python starts slowly on a busy machine.
    const script =
      "import ast, json, sys\n" +
      "for source in json.load(sys.stdin):\n" +
      "    tree = ast.parse(source)\n" +
      "    body = next(node.value for node in tree.body if isinstance(node, ast.Assign) and node.targets[0].id == 'body')\n" +
      "    print(json.dumps(ast.literal_eval(body)))\n";
    const result = spawnSync("python3", ["-c", script], {
      input: JSON.stringify(requests.map(toPython)),
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    const bodies = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(bodies).toEqual(requests.map((request) => request.body));
  });
});
