/** The Tap view's API (status, export, retention, delete) and the store's retention and grouping rules. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PAGE_TOKEN_HEADER, serverSecret } from "../server/request-guard";
import { tapAvailability, tapExportRoute, tapSettingsRoute, tapStatusRoute } from "./tap-routes";
import { TapStore, type TapExchange } from "./tap-store";

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

describe("the Tap view's API", () => {
  it("needs the page token, like every API route", () => {
    const store = newStore();
    const response = tapStatusRoute(
      new Request("http://localhost:3000/api/tap", { headers: { host: "localhost:3000" } }),
      {
        store: () => store,
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
    const options = { store: () => store, exposed: () => false, environment: {} };
    const status = await tapStatusRoute(page("/api/tap"), options).json();
    expect(status).toMatchObject({ on: true, settings: { retentionDays: 30 }, store: { pending: 0, lastError: null } });
    expect(status.sessions).toHaveLength(2);
    expect(status.upstreams.map((upstream: { mount: string }) => upstream.mount)).toEqual([
      "/tap/anthropic",
      "/tap/openai/v1",
      "/tap/moonshot/v1",
    ]);

    const exported = tapExportRoute(page("/api/tap/export?session=latest"), options);
    expect(exported.headers.get("x-tap-requests")).toBe("1");
    const line = JSON.parse((await exported.text()).trim());
    expect(line).toMatchObject({ status: 200, incomplete: "the client disconnected mid-stream" });
    expect(tapExportRoute(page("/api/tap/export?session=nope"), options).status).toBe(404);
    expect(tapExportRoute(page("/api/tap/export?format=csv"), options).status).toBe(400);

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
