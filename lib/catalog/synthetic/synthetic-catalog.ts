/**
 * Generates large, realistic tool catalogs for scale experiments (200 to 10,000 tools). Deterministic: the same
 * options give the same catalog. Each tool is sized to a token budget measured on its Anthropic form
 * (`{name, description, input_schema}`), because "≈400 tokens a tool" is the figure the whole field argues with.
 */
import type { Catalog, CatalogTool } from "../../core/catalog";
import { stableHash } from "../stable-hash";
import { type Blueprint, enumerateBlueprints } from "./blueprints";
import { DOMAINS } from "./domains";
import { type BuiltTool, buildTool } from "./build-tool";
import { createRandom } from "./random";

export type SyntheticCatalogOptions = {
  count: number;
  targetTokensPerTool: number;
  seed: number;
  countTokens: (text: string) => number;
  /** Group tools into this many namespaces (one business domain each, at most 26). */
  namespaces?: number;
};

/** Tools whose exact size calibrates the fast estimate (see `buildTool`). */
const CALIBRATION_SAMPLE = 12;

export function generateSyntheticCatalog(options: SyntheticCatalogOptions): Catalog {
  const { count, targetTokensPerTool, seed, namespaces } = options;
  const random = createRandom(seed);
  const domainCount =
    namespaces === undefined ? DOMAINS.length : Math.min(Math.max(1, Math.floor(namespaces)), DOMAINS.length);
  const chosenDomains = random.shuffle(DOMAINS).slice(0, domainCount);
  const domains = DOMAINS.filter((domain) => chosenDomains.includes(domain));
  const blueprints = chooseBlueprints(enumerateBlueprints(domains), Math.max(0, Math.floor(count)), random.shuffle);
  const countTokens = cachedCounter(options.countTokens);
  const build = (blueprint: Blueprint, ratio: number): BuiltTool =>
    buildTool(blueprint, {
      targetTokens: targetTokensPerTool,
      ratio,
      countTokens,
      seed: seed ^ stableHash(blueprint.name),
    });
  const ratio = calibrate(blueprints.slice(0, CALIBRATION_SAMPLE), build, options.countTokens);
  const tools = blueprints.map((blueprint) =>
    withNamespace(build(blueprint, ratio).tool, namespaces === undefined ? undefined : blueprint.domain.prefix),
  );
  const catalog: Catalog = {
    tools,
    source: `generateSyntheticCatalog(count ${count}, ${targetTokensPerTool} tokens/tool, seed ${seed})`,
  };
  if (namespaces !== undefined) {
    catalog.namespaces = Object.fromEntries(
      domains.map((domain) => [domain.prefix, `${capitalize(domain.system)} ${domain.purpose}.`]),
    );
  }
  return catalog;
}

/** A seeded sample of all combinations, kept in catalog order; beyond the ~11,600 combinations names get `_v2`… */
function chooseBlueprints(all: Blueprint[], count: number, shuffle: <T>(items: readonly T[]) => T[]): Blueprint[] {
  const indices = shuffle(all.map((_, index) => index));
  const chosen: Blueprint[] = indices
    .slice(0, count)
    .sort((left, right) => left - right)
    .map((index) => all[index]);
  for (let extra = 0; chosen.length < count; extra++) {
    const base = all[indices[extra % all.length]];
    chosen.push({ ...base, name: `${base.name}_v${2 + Math.floor(extra / all.length)}` });
  }
  return chosen;
}

/**
 * Sizing a tool sums cached counts of its parts (sentences and parameter fragments repeat across tools), which
 * is fast but ignores merges across part boundaries. The exact count of a few tools gives the correction factor.
 */
function calibrate(
  sample: Blueprint[],
  build: (blueprint: Blueprint, ratio: number) => BuiltTool,
  countTokens: (text: string) => number,
): number {
  let estimated = 0;
  let exact = 0;
  for (const blueprint of sample) {
    const built = build(blueprint, 1);
    estimated += built.estimatedTokens;
    exact += countTokens(JSON.stringify(built.anthropicForm));
  }
  return estimated > 0 && exact > 0 ? exact / estimated : 1;
}

function cachedCounter(countTokens: (text: string) => number): (text: string) => number {
  const cache = new Map<string, number>();
  return (text) => {
    let tokens = cache.get(text);
    if (tokens === undefined) {
      tokens = countTokens(text);
      cache.set(text, tokens);
    }
    return tokens;
  };
}

function withNamespace(tool: CatalogTool, namespace: string | undefined): CatalogTool {
  return namespace === undefined ? tool : { ...tool, namespace };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
