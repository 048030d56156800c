import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_SEARCH_OPTIONS } from "../search";
import { encodeWordVectors, parseWordVectors } from "../search/word-vectors";
import {
  createLabHandler,
  nextLabRequest,
  type EvaluateProgress,
  type LabAnswers,
  type LabRequest,
  type LabRequestType,
  type LabResponse,
} from "./lab-protocol";
import { LAB_QUERIES, LAB_TOOLS, countByLength } from "./test-fixtures";

const evaluation = { catalogKey: "sample#1", queries: LAB_QUERIES, clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS, k: 5 };

function runAll<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function answerOf<T extends LabRequestType | "evaluate-progress">(
  response: LabResponse,
  type: T,
): T extends LabRequestType ? LabAnswers[T] : EvaluateProgress {
  if (response.kind !== type) throw new Error(`expected a ${type} answer, got ${JSON.stringify(response)}`);
  return (response as unknown as { answer: T extends LabRequestType ? LabAnswers[T] : EvaluateProgress }).answer;
}

describe("nextLabRequest", () => {
  it("keeps every catalog, only the newest of each other type, and handles catalogs and evaluations first", () => {
    const queue: LabRequest[] = [
      { kind: "compression", requestId: 1, ...evaluation },
      { kind: "evaluate", requestId: 2, ...evaluation },
      { kind: "set-catalog", requestId: 3, catalogKey: "a", tools: [] },
      { kind: "evaluate", requestId: 4, ...evaluation },
      { kind: "set-catalog", requestId: 5, catalogKey: "b", tools: [] },
    ];
    const { next, rest, superseded } = nextLabRequest(queue);
    expect(superseded.map((request) => request.requestId)).toEqual([2]);
    expect(next?.requestId).toBe(3);
    expect(rest.map((request) => request.requestId)).toEqual([1, 4, 5]);
    expect(nextLabRequest(rest).next?.requestId).toBe(5);
    expect(nextLabRequest([])).toEqual({ next: undefined, rest: [], superseded: [] });
  });

  it("picks only more urgent requests while a long job waits between steps", () => {
    const queue: LabRequest[] = [
      { kind: "compression", requestId: 1, ...evaluation },
      { kind: "option-effects", requestId: 2, ...evaluation },
    ];
    expect(nextLabRequest(queue, "compression").next?.requestId).toBe(2);
    expect(nextLabRequest(queue, "option-effects").next).toBeUndefined();
    expect(
      nextLabRequest([...queue, { kind: "evaluate", requestId: 3, ...evaluation }], "option-effects").next?.requestId,
    ).toBe(3);
  });
});

describe("createLabHandler", () => {
  let clock = 0;
  const handler = createLabHandler({ countTokens: countByLength, now: () => (clock += 10) });
  handler.handle({ kind: "set-catalog", requestId: 1, catalogKey: "sample#1", tools: LAB_TOOLS });

  it("evaluates the catalog, and with an edit the edited catalog and the delta", () => {
    const plain = answerOf(handler.handle({ kind: "evaluate", requestId: 2, ...evaluation }), "evaluate");
    expect(plain.baseline.toolCount).toBe(5);
    expect(plain.edited).toBeUndefined();
    const edit = { tool: "create_issue", description: "Create a new issue (a ticket) in a GitHub repository." };
    const edited = answerOf(handler.handle({ kind: "evaluate", requestId: 3, ...evaluation, edit }), "evaluate");
    expect(edited.baseline).toBe(plain.baseline);
    expect(edited.delta?.tools.map((tool) => tool.name)).toContain("create_issue");
    expect(edited.elapsedMs).toBe(10);
  });

  it("tells the catalog at once and each search as it finishes, then answers; a memoised baseline tells nothing", () => {
    const progressive = createLabHandler({ countTokens: countByLength, now: () => 0 });
    progressive.handle({ kind: "set-catalog", requestId: 1, catalogKey: "sample#1", tools: LAB_TOOLS });
    const interims: LabResponse[] = [];
    const steps = progressive.steps({ kind: "evaluate", requestId: 2, ...evaluation }, (response) =>
      interims.push(response),
    );
    let step = steps.next();
    // Before the first search has run, the catalog's size and cost are already known.
    expect(interims).toHaveLength(1);
    while (!step.done) step = steps.next();
    const answer = answerOf(step.value, "evaluate");
    expect(interims.map((response) => response.kind)).toEqual(Array(4).fill("evaluate-progress"));
    const partials = interims.map((response) => answerOf(response, "evaluate-progress").partial);
    expect(partials.map((partial) => Object.keys(partial.searches))).toEqual([
      [],
      ["anthropic-bm25"],
      ["anthropic-bm25", "anthropic-regex"],
      ["anthropic-bm25", "anthropic-regex", "client"],
    ]);
    for (const partial of partials) {
      expect(partial).toMatchObject({
        k: 5,
        toolCount: LAB_TOOLS.length,
        queryCount: LAB_QUERIES.length,
        totalTokens: answer.baseline.totalTokens,
      });
    }
    expect(partials[3].searches.client).toEqual(answer.baseline.searches.client);
    // Every tab can show itself from the first interim: the tools with their tokens, the findings, the query texts.
    expect(partials[0].findings).toEqual(answer.baseline.findings);
    expect(partials[0].queryTexts).toEqual(answer.baseline.queryTexts);
    expect(partials[0].tools.map((report) => [report.name, report.tokens, report.queryCount])).toEqual(
      answer.baseline.tools.map((report) => [report.name, report.tokens, report.queryCount]),
    );
    // A search not yet run gives no findability (the page shows "measuring"), one that has run gives the final one.
    const expected = answer.baseline.tools.find((report) => report.queryCount > 0)!;
    const early = partials[1].tools.find((report) => report.name === expected.name)!;
    expect(early.findability).toEqual({
      "anthropic-bm25": expected.findability["anthropic-bm25"],
      "anthropic-regex": null,
      client: null,
    });
    expect(early.findability["anthropic-bm25"]).not.toBeNull();
    expect(partials[3].tools).toEqual(answer.baseline.tools);
    const again: LabResponse[] = [];
    progressive.handle({ kind: "evaluate", requestId: 3, ...evaluation });
    runAll(progressive.steps({ kind: "evaluate", requestId: 4, ...evaluation }, (response) => again.push(response)));
    expect(again).toEqual([]);
  });

  it("explains a query, computes option effects and the compression curve", () => {
    const explanation = answerOf(
      handler.handle({
        kind: "explain",
        requestId: 4,
        catalogKey: "sample#1",
        clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS,
        query: LAB_QUERIES[0],
      }),
      "explain",
    ).explanation;
    expect(explanation.searches.client.hits[0].name).toBe("get_weather");
    const optionEffects = answerOf(
      handler.handle({ kind: "option-effects", requestId: 5, ...evaluation }),
      "option-effects",
    );
    expect(optionEffects.effects.length).toBeGreaterThan(0);
    // This handler was given no word vectors: the answer says so, for the options panel.
    expect(optionEffects.wordVectors).toEqual({ loaded: false, problem: "no word-vector table was given" });
    const curve = answerOf(handler.handle({ kind: "compression", requestId: 6, ...evaluation }), "compression").curve;
    expect(curve[0].levelId).toBe("full");
  });

  it("measures the compression curve in steps, one level at a time", () => {
    const steps = handler.steps({ kind: "compression", requestId: 8, ...evaluation });
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses += 1;
    expect(pauses).toBe(7);
    expect(answerOf(step.value, "compression").curve).toHaveLength(7);
  });

  it("measures similar words when given word vectors, and reports the table or why it is missing", () => {
    const wordVectors = parseWordVectors(encodeWordVectors(["forecast", "weather"], [[1], [1]], 1));
    const withVectors = createLabHandler({ countTokens: (text) => text.length, now: () => 0, wordVectors });
    withVectors.handle({ kind: "set-catalog", requestId: 1, catalogKey: "sample#1", tools: LAB_TOOLS });
    const answer = answerOf(
      withVectors.handle({ kind: "option-effects", requestId: 2, ...evaluation }),
      "option-effects",
    );
    expect(answer.wordVectors).toEqual({ loaded: true, words: 2 });
    expect(answer.effects.some((effect) => effect.id === "similarWords")).toBe(true);
    const failed = createLabHandler({ countTokens: () => 0, now: () => 0, wordVectorsProblem: "HTTP 404" });
    failed.handle({ kind: "set-catalog", requestId: 1, catalogKey: "sample#1", tools: LAB_TOOLS });
    expect(
      answerOf(failed.handle({ kind: "option-effects", requestId: 2, ...evaluation }), "option-effects").wordVectors,
    ).toEqual({ loaded: false, problem: "HTTP 404" });
  });

  it("answers an unknown catalog with an error, not a throw", () => {
    expect(handler.handle({ kind: "evaluate", requestId: 7, ...evaluation, catalogKey: "missing" })).toEqual({
      kind: "error",
      requestId: 7,
      requestType: "evaluate",
      message: "lab: unknown catalog missing; send set-catalog first",
    });
  });
});
