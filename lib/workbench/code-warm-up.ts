/**
 * Warming an engine worker's code before a person's first large import. A worker runs a function interpreted until it
 * has run enough, then compiles it optimised on a background thread. A 10,000-tool import ran its parse, its token
 * counting and every strategy cold on both engine workers, and the compilers' threads took their share of the two cores
 * while it ran. A worker with nothing to do runs the same code first, over a small generated catalog of its own, in
 * slices short enough that a message waits at most one slice, and lets go of everything it made. On the project's
 * 2-core machine a 10,000-tool import's first request came ≈ 0.3 s sooner after the workers had run the same code over
 * other texts, and the compilers' threads took ≈ 1 s less of the two cores during its run (docs/PERFORMANCE.md).
 *
 * Nothing it computes is kept or shown: the counts go to a counter of its own (never to the shared memo, whose counts
 * are stored across visits), and the caches its requests fill are emptied at the end.
 */
import type { Catalog } from "../core/catalog";
import { STRATEGY_IDS, type ProviderId, type StrategyId } from "../core/ids";
import { DOMAINS } from "../catalog/synthetic/domains";
import { createRandom } from "../catalog/synthetic/random";
import { argumentsPassSchema } from "../catalog/argument-validation";
import { conversationForCatalog } from "../scenario/catalog-conversation";
import { createScenario } from "../scenario/create-scenario";
import type { Scenario } from "../scenario/types";
import type { PageEngineRequest } from "./engine-messages";
import { importMayBeLarge } from "./import-hint";
import { createEngine } from "../engine";
import { createTokenCounter } from "../tokens";
import { createScratchO200kCount } from "../tokens/o200k";
import { nextTask } from "../core/next-task";
import { parseCatalogText } from "../catalog";
import { forgetRememberedLists } from "../providers/limits";
import { forgetToolRenders } from "../providers/segment-list";

export type CodeWarmUpDependencies = {
  /**
   * Parses catalog text as a large import is parsed: schemas checked against the meta-schema, compiled when first
   * used (`schemaCheck: "meta-schema"`; a small catalog's parse compiles each one, ≈ 0.7 ms a schema).
   */
  parseCatalogText(text: string, options: { schemaCheck: "meta-schema" }): { value?: Catalog };
  /** Runs strategies over a scenario on an engine whose counts nobody keeps. */
  runAll(scenario: Scenario, strategyIds: readonly StrategyId[], provider: ProviderId): void;
  /**
   * Counts texts through the same counting code as the first request's (a helper's `count-texts`), on the scratch
   * counter: the texts are the tools' JSON, not the request's renderings, which only the strategies' slices make.
   */
  countTexts(texts: readonly string[]): void;
  /** Whether the worker has nothing to answer now; the warm-up waits until it has not. */
  idle(): boolean;
  /** Whether warming is still worth it (false once the worker holds a large catalog: the real work has come). */
  wanted(): boolean;
  /** Lets queued messages in (a macrotask). */
  nextTask(): Promise<void>;
  /** Empties the caches the warm-up's requests filled (rendered tool lists, remembered list facts). */
  forget(): void;
  /** The provider a person's import will most likely run on (the page's latest). */
  provider(): ProviderId;
};

/**
 * The page's engine worker to its spare helper: warm up while there is nothing to do (`on`), or stop now (a person's
 * import is on its way: a warm-up beside its parse would be a third busy thread on two cores). A hint: never answered.
 */
export type CodeWarmUpHint = { kind: "warm-up-code"; on: boolean };

export function isCodeWarmUpHint(message: unknown): message is CodeWarmUpHint {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { kind?: unknown }).kind === "warm-up-code" &&
    typeof (message as { on?: unknown }).on === "boolean"
  );
}

export const CODE_WARM_UP_DEFAULTS = {
  /** Tools per generated catalog: a strategy's run over them is one slice (≈ 10–40 ms on the 2-core machine). */
  toolsPerRound: 300,
  /** Catalogs, each with texts of its own, so counting runs the tokenizer rather than its memo. */
  rounds: 3,
  /** How long a busy worker is waited for before the warm-up looks again. */
  pollMs: 200,
} as const;

export type CodeWarmUpOptions = { toolsPerRound?: number; rounds?: number; pollMs?: number } & {
  /** The strategies to run (all when omitted); a helper runs the ones a split would send it. */
  strategyIds?: readonly StrategyId[];
};

export type CodeWarmUpOutcome = { finished: boolean; slices: number };

const VERBS = ["create", "get", "list", "update", "delete", "search", "export", "archive", "assign", "sync"];

/**
 * One generated catalog's text, shaped as a person's MCP import: namespaced names, a few sentences of description,
 * an input schema with typed, described, sometimes enumerated properties, a nested object and a list. Words are
 * drawn at random from the synthetic catalogs' business vocabulary, so most texts are new to the counter and the
 * tokenizer itself runs (a repeated sentence would only be looked up). Costs a few milliseconds, not the seconds of
 * the calibrated generator (lib/catalog/synthetic).
 */
export function codeWarmUpCatalogText(round: number, toolCount: number): string {
  const random = createRandom(7_919 * (round + 1));
  const words = [
    ...new Set(
      DOMAINS.flatMap(
        (domain) =>
          `${domain.purpose} ${domain.fields.map((field) => field.description).join(" ")}`
            .toLowerCase()
            .match(/[a-z]+/g) ?? [],
      ),
    ),
  ];
  const sentence = (length: number) => {
    const picked = Array.from({ length }, () => random.pick(words));
    return `${picked.join(" ")}.`.replace(/^./, (first) => first.toUpperCase());
  };
  const tools = Array.from({ length: toolCount }, (_, index) => {
    const domain = random.pick(DOMAINS);
    const noun = random.pick(domain.nouns);
    // The domain's own parameter schemas, the first few in order: a real catalog repeats its schemas, and the parse
    // checks each distinct one once.
    const fields = domain.fields.slice(0, random.integer(1, domain.fields.length));
    const properties: Record<string, unknown> = {};
    for (const { name, ...schema } of fields) properties[name] = schema;
    properties.filter = {
      type: "object",
      description: "Narrows the results.",
      properties: { status: { type: "string", enum: domain.statuses }, limit: { type: "integer", minimum: 1 } },
    };
    properties.tags = { type: "array", items: { type: "string" }, description: "Labels to match." };
    return {
      name: `tenant${round}-${index % 7}__${domain.prefix}_${random.pick(VERBS)}_${noun}_${index}`,
      description: `${sentence(random.integer(6, 14))} ${capitalised(domain.system)} ${domain.purpose}. ${sentence(random.integer(8, 20))}`,
      inputSchema: { type: "object", properties, required: fields.slice(0, 1).map((field) => field.name) },
    };
  });
  return JSON.stringify({ tools });
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The slices of the warm-up, in order: per round, generating and parsing a catalog, its conversation, counting its
 * tools' texts, then one slice per strategy. Each runs synchronously; the caller yields between them.
 */
export function codeWarmUpSlices(
  dependencies: CodeWarmUpDependencies,
  options: CodeWarmUpOptions = {},
): Array<() => void> {
  const { toolsPerRound, rounds } = { ...CODE_WARM_UP_DEFAULTS, ...options };
  const strategyIds = options.strategyIds ?? STRATEGY_IDS;
  const slices: Array<() => void> = [];
  for (let round = 0; round < rounds; round += 1) {
    let text = "";
    let scenario: Scenario | null = null;
    slices.push(() => {
      text = codeWarmUpCatalogText(round, toolsPerRound);
    });
    slices.push(() => {
      const catalog = dependencies.parseCatalogText(text, { schemaCheck: "meta-schema" }).value;
      text = "";
      if (!catalog) return;
      const turns = conversationForCatalog(catalog, { argumentsValid: argumentsPassSchema });
      scenario = createScenario({ id: "warm-up-code", title: "Warm-up", catalog, turns });
    });
    slices.push(() => {
      if (scenario) dependencies.countTexts(scenario.catalog.tools.map((tool) => JSON.stringify(tool)));
    });
    for (const id of strategyIds)
      slices.push(() => {
        if (scenario) dependencies.runAll(scenario, [id], dependencies.provider());
      });
  }
  slices.push(() => dependencies.forget());
  return slices;
}

/**
 * The engine and counter of a warm-up: the same code as the worker's own, with a memo of its own that goes with it.
 */
export function createCodeWarmUpEngine(): Pick<CodeWarmUpDependencies, "runAll" | "countTexts"> {
  const count = createScratchO200kCount();
  const engine = createEngine({
    counterFor: (kind, correctionFactor) =>
      createTokenCounter(kind, { ...(correctionFactor === undefined ? {} : { correctionFactor }), countO200k: count }),
  });
  return {
    runAll: (scenario, strategyIds, provider) => void engine.runAll(scenario, strategyIds, { provider }),
    countTexts: (texts) => texts.forEach(count),
  };
}

/**
 * Runs the warm-up a slice at a time while the worker is idle, waiting while it is busy, and stops for good once it
 * is no longer wanted. Its last slice empties the caches its requests filled.
 */
export async function warmUpCode(
  dependencies: CodeWarmUpDependencies,
  options: CodeWarmUpOptions = {},
): Promise<CodeWarmUpOutcome> {
  const { pollMs } = { ...CODE_WARM_UP_DEFAULTS, ...options };
  const slices = codeWarmUpSlices(dependencies, options);
  let done = 0;
  for (const slice of slices) {
    await dependencies.nextTask();
    while (dependencies.wanted() && !dependencies.idle()) await new Promise((resolve) => setTimeout(resolve, pollMs));
    // Stopped by real work (a large catalog): its caches are its own now, and the warm-up's few entries age out.
    if (!dependencies.wanted()) return { finished: false, slices: done };
    slice();
    done += 1;
  }
  return { finished: true, slices: done };
}

/** The warm-up's window as a user-timing measure, for traces and the bench: when it ran, and whether it finished. */
function measureWarmUp(start: number, outcome: CodeWarmUpOutcome): void {
  try {
    performance.measure(`code warm-up ${outcome.finished ? "finished" : "stopped"} after ${outcome.slices} slices`, {
      start,
      end: performance.now(),
    });
  } catch {
    // Measuring is for profiles only.
  }
}

/** What a worker gives its warm-up: whether it is idle, its latest provider, and what to warm. */
export type WorkerCodeWarmUpOptions = Pick<CodeWarmUpDependencies, "idle" | "provider"> & CodeWarmUpOptions;

/**
 * A worker's one warm-up: started once (a hint), stopped for good once real work comes. Its scratch engine and
 * counter are made when it starts and go with it.
 */
export function createWorkerCodeWarmUp(options: WorkerCodeWarmUpOptions) {
  const { idle, provider, ...sizes } = options;
  let state: "not started" | "warming" | "stopped" = "not started";
  return {
    /** Starts the warm-up (once); resolves with its outcome, or null when it had started or stopped before. */
    start(): Promise<CodeWarmUpOutcome | null> {
      if (state !== "not started") return Promise.resolve(null);
      state = "warming";
      const started = performance.now();
      return warmUpCode(
        {
          ...createCodeWarmUpEngine(),
          parseCatalogText: (text, parseOptions) => parseCatalogText(text, parseOptions),
          idle,
          // The module-wide caches its requests filled; the worker's catalog is small (else the warm-up stopped).
          forget() {
            forgetToolRenders();
            forgetRememberedLists();
          },
          provider,
          wanted: () => state === "warming",
          nextTask,
        },
        sizes,
      )
        .then((outcome) => {
          measureWarmUp(started, outcome);
          return outcome;
        })
        .finally(() => (state = "stopped"));
    },
    /** For good: a warm-up stopped before it started never starts (a large catalog came first). */
    stop(): void {
      state = "stopped";
    },
    get state() {
      return state;
    },
  };
}

/**
 * Whether `message` brings a catalog of a size a run splits (or may: a file of that many bytes), for which warming is
 * over: the person's own work has come. The caches a warm-up empties at its end would be that catalog's. A small
 * catalog (an example, a few tools typed) only makes the warm-up wait its turn.
 */
export function bringsLargeCatalog(
  message: PageEngineRequest,
  minimumTools: number,
  exampleToolCount: (exampleId: string) => number,
): boolean {
  switch (message.kind) {
    case "load-example":
      return exampleToolCount(message.exampleId) >= minimumTools;
    case "parse-catalog":
      return typeof message.text === "string"
        ? importMayBeLarge(message.text.length, minimumTools)
        : importMayBeLarge(message.text.size, minimumTools);
    case "set-catalog":
      return message.catalog.tools.length >= minimumTools;
    case "append-catalog":
      return true;
    default:
      return false;
  }
}
