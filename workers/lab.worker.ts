/// <reference lib="webworker" />
/**
 * The search lab's worker: evaluates catalogs × queries × the three searches off the main thread. A thin shell
 * around `createLabHandler` (lib/lab/lab-protocol.ts): it queues messages, answers superseded ones as such (only
 * the newest request of each type is worth computing) and handles the rest most urgent first. Long jobs (option
 * effects, the compression curve) run in steps: between steps the worker answers anything more urgent that arrived
 * (an edit being typed), and drops the job if a newer one of its kind is waiting.
 */
import {
  createLabHandler,
  nextLabRequest,
  supersededResponse,
  type LabRequest,
  type LabRequestType,
  type LabResponse,
} from "@/lib/lab/lab-protocol";
import { parseWordVectors, WORD_VECTORS_URL_PATH, type WordVectors } from "@/lib/search";
import { ACTION_VERB_TABLE } from "@/lib/search/action-verbs";
import { createTokenCounter } from "@/lib/tokens";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const o200k = createTokenCounter("o200k");

/**
 * The client search's word-vector table (about 3 MB, served by this app: nothing leaves the machine). Only the lab
 * worker fetches it, so the playground page never pays for it. A failure leaves the client search lexical and the
 * options panel says why.
 */
async function loadWordVectors(): Promise<{ wordVectors?: WordVectors; wordVectorsProblem?: string }> {
  try {
    const response = await fetch(WORD_VECTORS_URL_PATH);
    if (!response.ok) throw new Error(`${WORD_VECTORS_URL_PATH} answered HTTP ${response.status}`);
    return { wordVectors: parseWordVectors(new Uint8Array(await response.arrayBuffer())) };
  } catch (error) {
    return { wordVectorsProblem: `the word vectors did not load: ${(error as Error).message}` };
  }
}

// Every request waits for the table, so no figure is ever measured without it and then with it.
const handlerReady = loadWordVectors().then((vectors) =>
  // The action-verb table (85 KB) is bundled here, in the lab's worker only: the playground's engine goes without it.
  createLabHandler({
    countTokens: (text) => o200k.count(text),
    now: () => performance.now(),
    actionVerbs: ACTION_VERB_TABLE,
    ...vectors,
  }),
);
let handler: ReturnType<typeof createLabHandler> | undefined;

let queue: LabRequest[] = [];
let draining = false;

function post(response: LabResponse): void {
  scope.postMessage(response);
}

/** Lets messages that arrived meanwhile join the queue. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Handles queued requests (only those more urgent than `moreUrgentThan`, when given) until none is left. */
async function drain(moreUrgentThan?: LabRequestType): Promise<void> {
  for (;;) {
    const { next, rest, superseded } = nextLabRequest(queue, moreUrgentThan);
    superseded.forEach((request) => post(supersededResponse(request)));
    queue = rest;
    if (next === undefined) return;
    await run(next);
  }
}

async function run(request: LabRequest): Promise<void> {
  // Interim answers (an evaluation's catalog, then each search) go out as they come; the client shows them at once.
  handler ??= await handlerReady;
  const steps = handler.steps(request, post);
  for (;;) {
    const step = steps.next();
    if (step.done) {
      post(step.value);
      return;
    }
    await pause();
    if (queue.some((queued) => queued.kind === request.kind)) {
      steps.return(supersededResponse(request));
      post(supersededResponse(request));
      return;
    }
    await drain(request.kind);
  }
}

scope.addEventListener("message", (event: MessageEvent<LabRequest>) => {
  queue.push(event.data);
  if (draining) return;
  draining = true;
  void pause()
    .then(() => drain())
    .finally(() => {
      draining = false;
    });
});
