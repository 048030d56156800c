/**
 * A person's own catalog under an example's conversation: the page (the real store and controller, the engine worker
 * faked at its message boundary) puts a conversation over the imported tools in place at once, so the only run the
 * import starts is of it, says so in one line, and "Undo the import" brings back both the catalog and the
 * conversation.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { argumentsPassSchema } from "@/lib/catalog/argument-validation";
import { importCatalogValue } from "@/lib/catalog/import-catalog";
import { fittedConversation } from "@/lib/scenario/catalog-conversation";
import type { Scenario, ScenarioSettings } from "@/lib/scenario/types";
import type { EngineRequest } from "@/lib/workbench/engine-messages";
import { EngineClient } from "@/workers/engine-client";
import { FakeEngineWorker } from "@/workers/fake-engine-worker";
import { TYPING_DEBOUNCE_MS } from "@/state/controller/debounce";
import { createPlaygroundController } from "@/state/playground-controller";
import { createPlaygroundStore } from "@/state/playground-store";
import { applyCatalogImport, applyCatalogTextImport } from "./apply-catalog-import";

const settings = { provider: "anthropic", model: "claude-opus-4-8" } as ScenarioSettings;
const example: Scenario = {
  formatVersion: 1,
  id: "learning",
  title: "Learning agent",
  catalog: {
    tools: [
      { name: "learning_create_cards", description: "Creates flash cards.", inputSchema: { type: "object" } },
      { name: "learning_list_decks", description: "Lists decks.", inputSchema: { type: "object" } },
    ],
  },
  turns: [
    { user: "Make cards about verbs.", needs: [{ tool: "learning_create_cards", arguments: {} }] },
    { user: "Which decks do I have?", needs: [{ tool: "learning_list_decks", arguments: {} }] },
  ],
  settings,
};
const own = {
  tools: [
    ["crm_find_contact", "Finds a contact in the CRM by name or e-mail address."],
    ["crm_log_call", "Logs a phone call against a contact."],
    ["billing_issue_refund", "Issues a refund for a paid invoice."],
    ["calendar_book_room", "Books a meeting room for a time slot."],
  ].map(([name, description]) => ({
    name,
    description,
    inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  })),
};
const ownText = JSON.stringify(own);
const ownCatalog = importCatalogValue(own).value!;

function setUp() {
  const worker = new FakeEngineWorker();
  const store = createPlaygroundStore({ settings });
  const controller = createPlaygroundController(store, new EngineClient(worker), {});
  controller.openWorkspace({ scenario: example });
  const notices = () => store.getState().workspaceNotice;
  const conversation = {
    get turns() {
      return store.getState().turns;
    },
    setTurns: (turns: Scenario["turns"]) => store.setState({ turns }),
  };
  return { worker, store, controller, notices, conversation };
}

const runsSent = (worker: FakeEngineWorker) =>
  worker.sent.filter((message): message is Extract<EngineRequest, { kind: "run" }> => message.kind === "run");
const turnsOf = (run: Extract<EngineRequest, { kind: "run" }>) =>
  typeof run.scenario === "string" ? [] : run.scenario.turns;
const neededTools = (turns: readonly { needs: Array<{ tool: string }> }[]) =>
  turns.flatMap((turn) => turn.needs.map((need) => need.tool));

describe("importing a person's own catalog", () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ["fitted by the worker that parsed it (the page sends its turns with the text)", true],
    ["fitted here when the worker's answer has no conversation", false],
  ])(
    "Open file: the conversation is replaced by one over the imported tools, in one run, and Undo brings both back — %s",
    async (_, workerFits) => {
      vi.useFakeTimers();
      const { worker, store, controller, notices, conversation } = setUp();
      await vi.advanceTimersByTimeAsync(TYPING_DEBOUNCE_MS);
      const runsBefore = runsSent(worker).length;
      const exampleTurns = store.getState().turns;
      const exampleCatalog = store.getState().lastValidCatalog;

      const importing = applyCatalogTextImport(ownText, "my-tools.json", {
        controller,
        current: () => ({
          catalog: store.getState().lastValidCatalog,
          catalogVersion: store.getState().catalogVersion,
        }),
        turns: conversation.turns,
        setTurns: conversation.setTurns,
        setNotice: store.getState().setWorkspaceNotice,
      });
      const parse = worker.sent.filter((message) => message.kind === "parse-catalog").at(-1) as Extract<
        EngineRequest,
        { kind: "parse-catalog" }
      >;
      expect(parse.conversation).toEqual(exampleTurns);
      const answered = {
        kind: "catalog-parsed" as const,
        requestId: parse.requestId,
        catalogVersion: parse.catalogVersion,
        problems: [],
        catalog: ownCatalog,
        // What lib/workbench/engine-handler.ts answers.
        ...(workerFits ? { conversation: workerFitted(parse.conversation!) } : {}),
      };
      worker.answer(answered);
      await importing;

      const names = new Set(own.tools.map((tool) => tool.name));
      const turns = store.getState().turns;
      // The page puts the worker's turns on screen as they came (this worker writes three), never its own.
      const requests = workerFits ? 3 : 4;
      expect(turns.length).toBe(requests);
      expect(neededTools(turns).every((name) => names.has(name))).toBe(true);
      // The worker's array itself: the early run is taken only for the turns the store holds (by identity).
      if (workerFits) expect(turns).toBe(answered.conversation!.turns);
      const notice = notices()!;
      expect(notice.message).toBe(
        "Opened 4 tools from my-tools.json in place of your catalog of 2 tools. The conversation called " +
          `learning_create_cards and 1 more, which the imported catalog lacks, so it is replaced by ${requests} requests ` +
          "written from the imported tools.",
      );
      expect(notice.message).not.toContain("\n");

      // The run sent right behind the text is of the conversation the worker fitted (`turnsAsImported`), which is
      // what the page now shows: the one run of the import. The engine never runs the old turns on the new tools.
      await vi.advanceTimersByTimeAsync(TYPING_DEBOUNCE_MS);
      const afterImport = runsSent(worker).slice(runsBefore);
      expect(afterImport[0]).toMatchObject({ catalogVersion: parse.catalogVersion, turnsAsImported: true });
      if (workerFits) expect(afterImport).toHaveLength(1);
      else {
        // Fitted here instead: not what the early run is of, so the page runs its own turns, which supersede it.
        expect(afterImport).toHaveLength(2);
        expect(afterImport[1]).not.toHaveProperty("turnsAsImported");
        expect(turnsOf(afterImport[1])).toEqual(turns);
      }

      notice.actions!.find((action) => action.label === "Undo the import")!.run();
      expect(store.getState().turns).toEqual(exampleTurns);
      expect(store.getState().lastValidCatalog).toBe(exampleCatalog);
      expect(notices()?.message).toBe("Undone: your catalog of 2 tools and your conversation of 2 requests are back.");
      await vi.advanceTimersByTimeAsync(TYPING_DEBOUNCE_MS);
      const afterUndo = runsSent(worker).slice(runsBefore + afterImport.length);
      expect(afterUndo).toHaveLength(1);
      expect(neededTools(turnsOf(afterUndo[0]))).toEqual(["learning_create_cards", "learning_list_decks"]);
      expect(lastSetCatalog(worker)).toEqual(exampleCatalog);
      controller.dispose();
    },
  );

  it("the import dialog: the same replacement and Undo", async () => {
    vi.useFakeTimers();
    const { store, controller, notices, conversation } = setUp();
    const exampleTurns = store.getState().turns;
    await applyCatalogImport(
      { catalog: ownCatalog, mode: "replace", sourceName: "my-tools.json", problems: [] },
      {
        controller,
        previous: store.getState().lastValidCatalog,
        turns: conversation.turns,
        setTurns: conversation.setTurns,
        setNotice: store.getState().setWorkspaceNotice,
      },
    );
    expect(store.getState().lastValidCatalog).toBe(ownCatalog);
    expect(neededTools(store.getState().turns).every((name) => name.includes("_"))).toBe(true);
    expect(neededTools(store.getState().turns)).not.toContain("learning_create_cards");
    expect(notices()!.message).toContain("so it is replaced by 4 requests written from the imported tools.");
    notices()!.actions![0].run();
    expect(store.getState().turns).toEqual(exampleTurns);
    expect(store.getState().lastValidCatalog.tools.map((tool) => tool.name)).toEqual([
      "learning_create_cards",
      "learning_list_decks",
    ]);
    controller.dispose();
  });

  it("Open file: a file the worker cannot read changes nothing and says why", async () => {
    vi.useFakeTimers();
    const { worker, store, controller, notices, conversation } = setUp();
    await vi.advanceTimersByTimeAsync(TYPING_DEBOUNCE_MS);
    const before = { catalog: store.getState().lastValidCatalog, turns: store.getState().turns };
    const importing = applyCatalogTextImport(new Blob(["{}"]), "moved.json", {
      controller,
      current: () => ({ catalog: store.getState().lastValidCatalog, catalogVersion: store.getState().catalogVersion }),
      turns: conversation.turns,
      setTurns: conversation.setTurns,
      setNotice: store.getState().setWorkspaceNotice,
    });
    const parse = worker.sent.filter((message) => message.kind === "parse-catalog").at(-1)!;
    // What workers/engine.worker.ts answers when the file's text cannot be read (lib/workbench/engine-intake.ts).
    worker.answer({
      kind: "error",
      requestId: parse.requestId,
      request: "parse-catalog",
      message: "engine: the file could not be read (NotReadableError)",
    });
    await importing;
    expect(notices()).toMatchObject({
      kind: "error",
      message: "engine: the file could not be read (NotReadableError). Your catalog is unchanged.",
    });
    expect(store.getState().lastValidCatalog).toBe(before.catalog);
    expect(store.getState().turns).toBe(before.turns);
    controller.dispose();
  });

  it("keeps a conversation whose tools the imported catalog has", async () => {
    vi.useFakeTimers();
    const { store, controller, notices, conversation } = setUp();
    const exampleTurns = store.getState().turns;
    const superset = { tools: [...example.catalog.tools, ...ownCatalog.tools] };
    await applyCatalogImport(
      { catalog: superset, mode: "replace", problems: [] },
      {
        controller,
        previous: store.getState().lastValidCatalog,
        turns: conversation.turns,
        setTurns: conversation.setTurns,
        setNotice: store.getState().setWorkspaceNotice,
      },
    );
    expect(store.getState().turns).toBe(exampleTurns);
    expect(notices()!.message).toBe("Imported 6 tools in place of your catalog of 2 tools.");
    controller.dispose();
  });
});

/** The engine handler's answer (lib/workbench/engine-handler.ts), with three of its requests, to tell them apart. */
function workerFitted(turns: readonly Scenario["turns"][number][]) {
  const fitted = fittedConversation(turns, ownCatalog, { argumentsValid: argumentsPassSchema });
  return { ...fitted, turns: fitted.turns.slice(0, 3) };
}

function lastSetCatalog(worker: FakeEngineWorker) {
  const set = worker.sent.filter((message) => message.kind === "set-catalog").at(-1);
  return set && "catalog" in set ? set.catalog : undefined;
}
