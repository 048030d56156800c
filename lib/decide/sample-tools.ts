import type { CatalogTool } from "../core/catalog";
import { syntheticTurn } from "../examples/synthetic-turns";
import type { ScenarioTurn } from "../scenario/types";
import type { ToolSearcher } from "../search";

export type SessionToolSample = {
  /** Kept candidates: the first search finds them and no earlier pick's search returned them. */
  clean: CatalogTool[];
  /** Found, but an earlier pick's search already returned them (they would be discovered for free). */
  overlapping: CatalogTool[];
  /** The first search with the turn's own words did not return them. */
  missed: CatalogTool[];
  /** Candidates whose scripted search was tried, and how many of them the first search found. */
  searchesTried: number;
  searchesFound: number;
};

/** Golden-ratio stride: consecutive candidates land far apart, so the sample spreads over the whole catalog. */
const GOLDEN_FRACTION = 0.6180339887;
/** Enough candidates to fill a session in any catalog we ship, while bounding search time at 10,000 tools. */
const MAX_CANDIDATES = 240;

/**
 * Picks tools from the real catalog, deterministically: candidates in a fixed spread-out order, each kept only
 * when the client search finds it with the turn's own words on the first try and no earlier pick's search already
 * returned it. That makes "one discovery per new tool" true for the sample, which is what the closed form
 * assumes; the share of candidates the first search found is reported as a first-search recall. Tools the
 * provider always loads (`excluded`, the non-deferred ones) are never picked.
 */
export function sampleSessionTools(options: {
  tools: readonly CatalogTool[];
  /** Stop after this many clean picks. */
  wanted: number;
  searcher: ToolSearcher;
  resultLimit: number;
  excluded?: ReadonlySet<string>;
  turnFor?: (tool: CatalogTool) => ScenarioTurn;
}): SessionToolSample {
  const turnFor = options.turnFor ?? syntheticTurn;
  const pool = options.tools.filter((tool) => !options.excluded?.has(tool.name));
  const sample: SessionToolSample = { clean: [], overlapping: [], missed: [], searchesTried: 0, searchesFound: 0 };
  const returnedByPicks = new Set<string>();
  for (const index of spreadOrder(pool.length, Math.min(pool.length, MAX_CANDIDATES))) {
    if (sample.clean.length >= options.wanted) break;
    const tool = pool[index];
    const query = turnFor(tool).searchQuery ?? tool.description;
    const outcome = options.searcher.search(query, options.resultLimit);
    const names = outcome.ok ? outcome.hits.map((hit) => hit.name) : [];
    sample.searchesTried += 1;
    if (!names.includes(tool.name)) {
      sample.missed.push(tool);
      continue;
    }
    sample.searchesFound += 1;
    if (returnedByPicks.has(tool.name)) {
      sample.overlapping.push(tool);
      continue;
    }
    sample.clean.push(tool);
    names.forEach((name) => returnedByPicks.add(name));
  }
  return sample;
}

/**
 * The tools a session of `count` distinct tools uses: clean picks first; a small or hard-to-search catalog runs
 * out of them, and then found-but-overlapping and finally missed tools fill the session (their cost is real too).
 */
export function sessionToolsOf(sample: SessionToolSample, count: number): CatalogTool[] {
  return [...sample.clean, ...sample.overlapping, ...sample.missed].slice(0, count);
}

/**
 * The tools the closed form is calibrated on: the first tools of the session sample. Calibrating on the session's
 * own tools makes a gap between the closed form and the engine measure the dynamics (cache reads and writes, TTL,
 * invalidation, round trips) rather than how much one tool's size differs from another's; sessions that use more
 * tools than the probe are priced with the probe's means for the rest.
 */
export function probeToolsOf(sample: SessionToolSample, count: number): CatalogTool[] {
  return sessionToolsOf(sample, count);
}

/** `count` distinct indexes in [0, size), each a golden-ratio step after the previous one. */
export function spreadOrder(size: number, count: number): number[] {
  if (size <= 0) return [];
  const stride = coprimeNear(size, Math.max(1, Math.round(size * GOLDEN_FRACTION)));
  const order: number[] = [];
  for (let step = 0; step < Math.min(count, size); step += 1) order.push((step * stride) % size);
  return order;
}

function coprimeNear(size: number, start: number): number {
  for (let offset = 0; offset < size; offset += 1) {
    for (const candidate of [start + offset, start - offset]) {
      if (candidate >= 1 && greatestCommonDivisor(candidate, size) === 1) return candidate;
    }
  }
  return 1;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}
