/** The Tap view's API (status, export, retention, delete) and the store's retention and grouping rules. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PROVIDER_IDS } from "../core/ids";
import { providerFacts } from "../providers/facts";
import { PAGE_TOKEN_HEADER, serverSecret } from "../server/request-guard";
import { tapAvailability, tapExportRoute, tapSettingsRoute, tapStatusRoute } from "./tap-routes";
import { TapStore, type TapExchange } from "../server/store/sqlite-tap-store";
import { recordedProvider, TAP_ENDPOINTS, tapEndpoints, tapOfPath } from "./upstreams";
import { sqliteTapRecords } from "../server/store/sqlite-store";

const DAY = 24 * 60 * 60 * 1000;
const stores: TapStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function newStore(): TapStore {
  const store = new TapStore({ directory: fs.mkdtempSync(path.join(os.tmpdir(), "tap-routes-")) });
  stores.push(store);
  return store;
}

function exchange(question: string, startedAtMs: number, extra: Partial<TapExchange> = {}): TapExchange {
  return {
    tap: "anthropic",
    provider: "anthropic",
    method: "POST",
    url: "https://api.anthropic.com/v1/messages",
    model: "claude-sonnet-4-6",
    status: 200,
    requestBody: JSON.stringify({ model: "claude-sonnet-4-6", messages: [{ role: "user", content: question }] }),
    responseBody: JSON.stringify({ type: "message", content: [], usage: { input_tokens: 10, output_tokens: 2 } }),
    responseType: "application/json",
    usage: null,
    startedAtMs,
    ttfbMs: 1,
    totalMs: 2,
    incomplete: null,
    ...extra,
  };
}

const page = (url: string, init: RequestInit = {}) =>
  new Request(`http://localhost:3000${url}`, {
    ...init,
    headers: { host: "localhost:3000", origin: "http://localhost:3000", [PAGE_TOKEN_HEADER]: serverSecret() },
  });

describe("the tap's store", () => {
  it("starts a new session after a pause or for another wire format, and a conversation on a new opening", () => {
    const store = newStore();
    const t = Date.parse("2026-12-01T10:00:00Z");
    store.record(exchange("Plan a trip", t), t);
    store.record(exchange("Plan a trip", t + 60_000), t);
    store.record(exchange("Another task", t + 120_000), t);
    store.record(exchange("Another task", t + 120_000 + 31 * 60_000), t);
    store.record(exchange("x", t + 200_000, { provider: "openai-chat", tap: "openai" }), t);
    const sessions = store.sessions();
    expect(sessions.map((session) => [session.provider, session.requests, session.conversations])).toEqual([
      ["anthropic", 1, 1],
      ["openai-chat", 1, 1],
      ["anthropic", 3, 2],
    ]);
  });

  it("prepares its statements once, not per write (each holds native memory the heap does not count)", () => {
    const store = newStore();
    const t = Date.parse("2026-12-01T10:00:00Z");
    store.record(exchange("Plan a trip", t), t);
    store.record(exchange("Another task", t + 1000, { provider: "openai-chat", tap: "openai" }), t);
    store.record(exchange("Plan a trip", t + 1500), t);
    store.sessions();
    const prepare = vi.spyOn(Database.prototype, "prepare");
    try {
      for (let index = 0; index < 50; index += 1) store.record(exchange(`Task ${index % 3}`, t + 2000 + index), t);
      store.sessions();
      expect(prepare).not.toHaveBeenCalled();
    } finally {
      prepare.mockRestore();
    }
    expect(store.sessions().reduce((sum, session) => sum + session.requests, 0)).toBe(53);
  });

  it("retention deletes sessions whose last request is older, at once and on later writes", () => {
    const store = newStore();
    const now = Date.parse("2026-12-01T10:00:00Z");
    store.record(exchange("old", now - 10 * DAY), now);
    store.record(exchange("new", now - DAY, { provider: "openai-chat", tap: "openai" }), now);
    expect(store.sessions()).toHaveLength(2);
    store.setSettings({ retentionDays: 5 }, now);
    expect(store.sessions().map((session) => session.provider)).toEqual(["openai-chat"]);
    expect(store.settings()).toEqual({ retentionDays: 5 });
  });
});

describe("the tap endpoints come from the provider registry", () => {
  it("every provider's facts give its endpoint, upstream variable and recorded path", () => {
    for (const provider of PROVIDER_IDS) {
      const { tap } = providerFacts(provider);
      expect(TAP_ENDPOINTS[tap.id]).toMatchObject({ mount: tap.mount, env: tap.upstreamEnv });
      expect(tapOfPath(`${tap.mount}/x/y`)).toEqual({ tap: tap.id, rest: "x/y" });
    }
    expect(recordedProvider("anthropic", ["v1", "messages"], "POST")).toBe("anthropic");
    expect(recordedProvider("anthropic", ["v1", "messages", "count_tokens"], "POST")).toBeNull();
    expect(recordedProvider("openai", ["responses"], "POST")).toBe("openai-responses");
    expect(recordedProvider("openai", ["chat", "completions"], "POST")).toBe("openai-chat");
    expect(recordedProvider("moonshot", ["chat", "completions"], "POST")).toBe("moonshot");
    expect(recordedProvider("moonshot", ["chat", "completions"], "GET")).toBeNull();
    expect(tapOfPath("/tap")).toBeNull();
    expect(tapOfPath("/tap/unknown/v1/x")).toBeNull();
    expect(tapOfPath("/tapx/anthropic/v1")).toBeNull();
  });

  it("a provider added to the registry gets its own endpoint without a change here; a disagreeing one is refused", () => {
    const entries = PROVIDER_IDS.map((provider) => ({ provider, tap: providerFacts(provider).tap }));
    // Shaped as a later adapter's facts would be; the id is cast because this one is not in the registry.
    const added = {
      provider: "acme" as (typeof PROVIDER_IDS)[number],
      tap: {
        id: "acme",
        label: "Acme",
        mount: "/tap/acme",
        upstreamEnv: "TAP_ACME_UPSTREAM",
        defaultUpstream: "https://api.acme.example",
        recordedPath: /:(generate|streamGenerate)$/,
      },
    };
    const endpoints = tapEndpoints([...entries, added]);
    expect(Object.keys(endpoints).sort()).toEqual([...new Set(entries.map((entry) => entry.tap.id)), "acme"].sort());
    expect(endpoints.acme).toMatchObject({ mount: "/tap/acme", env: "TAP_ACME_UPSTREAM" });
    expect(endpoints.acme.recorded[0].path.test("v1/models/acme-1:streamGenerate")).toBe(true);
    // The registry's own Gemini endpoint records generateContent and its stream.
    expect(endpoints.gemini.recorded[0].path.test("v1beta/models/gemini-3-pro:streamGenerateContent")).toBe(true);
    expect(() =>
      tapEndpoints([...entries, { ...added, tap: { ...added.tap, id: "openai", upstreamEnv: "TAP_OTHER_UPSTREAM" } }]),
    ).toThrow(/disagree/);
  });
});

describe("the Tap view's API", () => {
  it("needs the page token, like every API route", async () => {
    const store = newStore();
    const response = await tapStatusRoute(
      new Request("http://localhost:3000/api/tap", { headers: { host: "localhost:3000" } }),
      {
        store: () => sqliteTapRecords(store),
      },
    );
    expect(response.status).toBe(403);
  });

  it("lists sessions, exports them, sets the retention and deletes", async () => {
    const store = newStore();
    const now = Date.now();
    store.record(exchange("Plan a trip", now - 1000));
    store.record(
      exchange("x", now, { provider: "openai-chat", tap: "openai", incomplete: "the client disconnected mid-stream" }),
    );
    const options = { store: () => sqliteTapRecords(store), exposed: () => false, environment: {} };
    const status = await (await tapStatusRoute(page("/api/tap"), options)).json();
    expect(status).toMatchObject({ on: true, settings: { retentionDays: 30 }, store: { pending: 0, lastError: null } });
    expect(status.sessions).toHaveLength(2);
    expect(status.upstreams.map((upstream: { mount: string }) => upstream.mount)).toEqual([
      "/tap/anthropic",
      "/tap/openai/v1",
      "/tap/moonshot/v1",
      "/tap/gemini",
      "/tap/deepseek",
      "/tap/qwen",
      "/tap/glm",
    ]);

    const exported = await tapExportRoute(page("/api/tap/export?session=latest"), options);
    expect(exported.headers.get("x-tap-requests")).toBe("1");
    const line = JSON.parse((await exported.text()).trim());
    expect(line).toMatchObject({ status: 200, incomplete: "the client disconnected mid-stream" });
    expect((await tapExportRoute(page("/api/tap/export?session=nope"), options)).status).toBe(404);
    expect((await tapExportRoute(page("/api/tap/export?format=csv"), options)).status).toBe(400);

    const post = (body: unknown) =>
      tapSettingsRoute(page("/api/tap", { method: "POST", body: JSON.stringify(body) }), options);
    expect((await post({ retentionDays: 0 })).status).toBe(400);
    expect(await (await post({ retentionDays: 7 })).json()).toEqual({ settings: { retentionDays: 7 } });
    const first = store.sessions()[0].id;
    expect(await (await post({ delete: first })).json()).toEqual({ deleted: 1 });
    expect(store.sessions()).toHaveLength(1);
    expect(await (await post({ delete: "all" })).json()).toEqual({ deleted: 1 });
    expect(store.sessions()).toHaveLength(0);
  });

  it("exposed: the status says the tap is off and why; PLAYGROUND_ENABLE_TAP=0 turns it off anywhere", () => {
    expect(tapAvailability({}, () => true)).toMatchObject({
      on: false,
      reason: expect.stringMatching(/reachable from the network/),
    });
    expect(tapAvailability({ PLAYGROUND_ENABLE_TAP: "1" }, () => true)).toEqual({ on: true });
    expect(tapAvailability({}, () => false)).toEqual({ on: true });
    expect(tapAvailability({ PLAYGROUND_ENABLE_TAP: "0" }, () => false)).toMatchObject({ on: false });
  });
});
