import type { WireRequest } from "../engine/types";
import { javaScriptKey, printLiteral } from "./literal-printer";
import { pythonString, toPythonLiteral } from "./python-literal";

/**
 * Copyable code for one wire request: the JSON body, a `curl` command, and calls through the official TypeScript and
 * Python SDKs. The API is chosen by the request URL. A key never appears literally: authentication headers are
 * always rewritten to read the provider's environment variable, whatever the request carried.
 */

export type CodeFormat = "json" | "curl" | "typescript" | "python";

export const CODE_FORMATS: ReadonlyArray<{ id: CodeFormat; label: string }> = [
  { id: "json", label: "JSON" },
  { id: "curl", label: "curl" },
  { id: "typescript", label: "TypeScript" },
  { id: "python", label: "Python" },
];

export type ApiKind = "anthropic-messages" | "openai-responses" | "openai-chat" | "moonshot-chat" | "unknown";

type ApiInfo = { kind: ApiKind; keyVariable: string; baseUrl: string };

export function detectApi(url: string): ApiInfo {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: "unknown", keyVariable: "API_KEY", baseUrl: url };
  }
  const { host, origin } = parsed;
  const path = parsed.pathname.replace(/\/+$/, "");
  if (host === "api.anthropic.com" && path === "/v1/messages") {
    return { kind: "anthropic-messages", keyVariable: "ANTHROPIC_API_KEY", baseUrl: origin };
  }
  if (host === "api.openai.com" && path === "/v1/responses") {
    return { kind: "openai-responses", keyVariable: "OPENAI_API_KEY", baseUrl: `${origin}/v1` };
  }
  if (host === "api.openai.com" && path === "/v1/chat/completions") {
    return { kind: "openai-chat", keyVariable: "OPENAI_API_KEY", baseUrl: `${origin}/v1` };
  }
  if ((host === "api.moonshot.ai" || host === "api.moonshot.cn") && path === "/v1/chat/completions") {
    return { kind: "moonshot-chat", keyVariable: "MOONSHOT_API_KEY", baseUrl: `${origin}/v1` };
  }
  const keyVariable = host.includes("anthropic")
    ? "ANTHROPIC_API_KEY"
    : host.includes("moonshot")
      ? "MOONSHOT_API_KEY"
      : host.includes("openai")
        ? "OPENAI_API_KEY"
        : "API_KEY";
  return { kind: "unknown", keyVariable, baseUrl: origin };
}

/** Headers that carry a credential; their values are always replaced by an environment variable reference. */
const CREDENTIAL_HEADERS = new Set(["x-api-key", "authorization", "api-key", "proxy-authorization"]);

type Header = { name: string; value: string; credential: boolean };

/** The request's headers with every credential rewritten to `$KEY_VARIABLE` (and `Bearer $KEY_VARIABLE`). */
export function safeHeaders(request: WireRequest): Header[] {
  const { keyVariable } = detectApi(request.url);
  return Object.entries(request.headers).map(([name, value]) => {
    const lower = name.toLowerCase();
    if (!CREDENTIAL_HEADERS.has(lower)) return { name, value, credential: false };
    const scheme = /^\s*(bearer|basic)\s/i.exec(value)?.[1];
    const bearer = lower === "authorization" || lower === "proxy-authorization";
    const prefix = scheme ? `${scheme} ` : bearer ? "Bearer " : "";
    return { name, value: `${prefix}$${keyVariable}`, credential: true };
  });
}

export function requestCode(request: WireRequest, format: CodeFormat): string {
  switch (format) {
    case "json":
      return toJsonCode(request);
    case "curl":
      return toCurl(request);
    case "typescript":
      return toTypeScript(request);
    case "python":
      return toPython(request);
  }
}

export function toJsonCode(request: WireRequest): string {
  return JSON.stringify(request.body, null, 2);
}

// ---------------------------------------------------------------------------------------------------------- curl

const SHELL_SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

function shellSingleQuote(text: string): string {
  return SHELL_SAFE.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Double-quoted for the shell so `$VARIABLE` expands; everything else that the shell would interpret is escaped. */
function shellDoubleQuoteWithVariable(text: string, variable: string): string {
  const reference = `$${variable}`;
  const escape = (part: string) => part.replace(/[\\"$`]/g, (char) => `\\${char}`);
  return `"${text.split(reference).map(escape).join(reference)}"`;
}

export function toCurl(request: WireRequest): string {
  const { keyVariable } = detectApi(request.url);
  const body = toJsonCode(request);
  const lines = [`curl ${request.method === "POST" ? "" : `-X ${request.method} `}${shellSingleQuote(request.url)}`];
  for (const header of safeHeaders(request)) {
    const text = `${header.name}: ${header.value}`;
    lines.push(`-H ${header.credential ? shellDoubleQuoteWithVariable(text, keyVariable) : shellSingleQuote(text)}`);
  }
  const delimiter = heredocDelimiter(body);
  // A quoted heredoc delimiter turns off every expansion, so the body needs no escaping at all.
  lines.push(`--data-binary @- <<'${delimiter}'`);
  return `${lines.join(" \\\n  ")}\n${body}\n${delimiter}\n`;
}

/** "JSON", unless a line of the body is exactly that (pretty JSON never has one; checked anyway). */
function heredocDelimiter(body: string): string {
  const isLine = (word: string) =>
    body === word || body.startsWith(`${word}\n`) || body.endsWith(`\n${word}`) || body.includes(`\n${word}\n`);
  let delimiter = "JSON";
  for (let attempt = 1; isLine(delimiter); attempt += 1) delimiter = `JSON_${attempt}`;
  return delimiter;
}

// ---------------------------------------------------------------------------------------------------- TypeScript

/** Headers the SDKs set themselves from the client's configuration. */
const SDK_MANAGED_HEADERS = new Set(["content-type", "anthropic-version", ...CREDENTIAL_HEADERS]);

function extraHeaders(request: WireRequest, alsoManaged: readonly string[] = []): Record<string, string> {
  const managed = new Set([...SDK_MANAGED_HEADERS, ...alsoManaged]);
  return Object.fromEntries(Object.entries(request.headers).filter(([name]) => !managed.has(name.toLowerCase())));
}

function betasOf(request: WireRequest): string[] {
  const header = Object.entries(request.headers).find(([name]) => name.toLowerCase() === "anthropic-beta")?.[1];
  return header
    ? header
        .split(",")
        .map((beta) => beta.trim())
        .filter(Boolean)
    : [];
}

/** Pretty JSON whose continuation lines are indented by `indent` spaces, to sit inside code. */
function indentedJson(value: unknown, indent: number): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${" ".repeat(indent)}`);
}

/** A JavaScript object literal as people write it: two-space indent, identifier keys bare. */
function objectLiteral(value: unknown, indent: number): string {
  return printLiteral(value, {
    indent: 2,
    baseIndent: indent,
    true: "true",
    false: "false",
    null: "null",
    key: javaScriptKey,
    trailingComma: false,
  });
}

export function toTypeScript(request: WireRequest): string {
  const api = detectApi(request.url);
  switch (api.kind) {
    case "anthropic-messages": {
      const betas = betasOf(request);
      const extra = extraHeaders(request, ["anthropic-beta"]);
      const call = betas.length > 0 ? "client.beta.messages.create" : "client.messages.create";
      const body = betas.length > 0 ? { ...request.body, betas } : request.body;
      return [
        `import Anthropic from "@anthropic-ai/sdk";`,
        ``,
        `// Reads ANTHROPIC_API_KEY from the environment.`,
        `const client = new Anthropic();`,
        ``,
        `const response = await ${call}(${objectLiteral(body, 0)}${typeScriptRequestOptions(extra)});`,
        ``,
        `console.log(response);`,
        ``,
      ].join("\n");
    }
    case "openai-responses":
    case "openai-chat":
    case "moonshot-chat": {
      const extra = extraHeaders(request);
      const call = api.kind === "openai-responses" ? "client.responses.create" : "client.chat.completions.create";
      const client =
        api.kind === "moonshot-chat"
          ? [
              `const client = new OpenAI({`,
              `  baseURL: ${JSON.stringify(api.baseUrl)},`,
              `  apiKey: process.env.${api.keyVariable},`,
              `});`,
            ]
          : [`// Reads OPENAI_API_KEY from the environment.`, `const client = new OpenAI();`];
      return [
        `import OpenAI from "openai";`,
        ``,
        ...client,
        ``,
        `const response = await ${call}(${objectLiteral(request.body, 0)}${typeScriptRequestOptions(extra)});`,
        ``,
        `console.log(response);`,
        ``,
      ].join("\n");
    }
    case "unknown":
      return typeScriptFetch(request, api.keyVariable);
  }
}

function typeScriptRequestOptions(headers: Record<string, string>): string {
  return Object.keys(headers).length === 0 ? "" : `, {\n  headers: ${indentedJson(headers, 2)},\n}`;
}

function typeScriptFetch(request: WireRequest, keyVariable: string): string {
  const headerLines = safeHeaders(request).map((header) => {
    const value = header.credential
      ? `\`${header.value.replace(`$${keyVariable}`, `\${process.env.${keyVariable}}`).replace(/`/g, "\\`")}\``
      : JSON.stringify(header.value);
    return `    ${JSON.stringify(header.name)}: ${value},`;
  });
  return [
    `const response = await fetch(${JSON.stringify(request.url)}, {`,
    `  method: ${JSON.stringify(request.method)},`,
    `  headers: {`,
    ...headerLines,
    `  },`,
    `  body: JSON.stringify(${objectLiteral(request.body, 2)}),`,
    `});`,
    ``,
    `console.log(await response.json());`,
    ``,
  ].join("\n");
}

// -------------------------------------------------------------------------------------------------------- Python

export function toPython(request: WireRequest): string {
  const api = detectApi(request.url);
  const body = `body = ${toPythonLiteral(request.body)}`;
  switch (api.kind) {
    case "anthropic-messages": {
      const betas = betasOf(request);
      const extra = extraHeaders(request, ["anthropic-beta"]);
      const call = betas.length > 0 ? "client.beta.messages.create" : "client.messages.create";
      const extraArguments = [
        ...(betas.length > 0 ? [`betas=${toPythonLiteral(betas, { indent: 0 })}`] : []),
        ...pythonExtraHeaders(extra),
      ];
      return [
        `import anthropic`,
        ``,
        `client = anthropic.Anthropic()  # reads ANTHROPIC_API_KEY from the environment`,
        ``,
        body,
        ``,
        `response = ${call}(**body${extraArguments.map((argument) => `, ${argument}`).join("")})`,
        `print(response)`,
        ``,
      ].join("\n");
    }
    case "openai-responses":
    case "openai-chat":
    case "moonshot-chat": {
      const call = api.kind === "openai-responses" ? "client.responses.create" : "client.chat.completions.create";
      const extraArguments = pythonExtraHeaders(extraHeaders(request));
      const client =
        api.kind === "moonshot-chat"
          ? [
              `import os`,
              ``,
              `from openai import OpenAI`,
              ``,
              `client = OpenAI(base_url=${pythonString(api.baseUrl)}, api_key=os.environ[${pythonString(api.keyVariable)}])`,
            ]
          : [`from openai import OpenAI`, ``, `client = OpenAI()  # reads OPENAI_API_KEY from the environment`];
      return [
        ...client,
        ``,
        body,
        ``,
        `response = ${call}(**body${extraArguments.map((argument) => `, ${argument}`).join("")})`,
        `print(response)`,
        ``,
      ].join("\n");
    }
    case "unknown":
      return pythonHttpx(request, api.keyVariable, body);
  }
}

function pythonExtraHeaders(headers: Record<string, string>): string[] {
  return Object.keys(headers).length === 0 ? [] : [`extra_headers=${toPythonLiteral(headers, { indent: 0 })}`];
}

function pythonHttpx(request: WireRequest, keyVariable: string, body: string): string {
  const headerLines = safeHeaders(request).map((header) => {
    const prefix = header.value.replace(`$${keyVariable}`, "");
    const variable = `os.environ[${pythonString(keyVariable)}]`;
    const value = !header.credential
      ? pythonString(header.value)
      : prefix
        ? `${pythonString(prefix)} + ${variable}`
        : variable;
    return `    ${pythonString(header.name)}: ${value},`;
  });
  return [
    `import os`,
    ``,
    `import httpx`,
    ``,
    body,
    ``,
    `headers = {`,
    ...headerLines,
    `}`,
    ``,
    `response = httpx.post(${pythonString(request.url)}, headers=headers, json=body)`,
    `print(response.json())`,
    ``,
  ].join("\n");
}
