/** Builds one synthetic tool from its blueprint, sized to a token budget. */
import type { CatalogTool, JsonSchema } from "../../core/catalog";
import { DETAIL_SENTENCES } from "./actions";
import { type Blueprint, pluralize, readable } from "./blueprints";
import type { ParameterSpec } from "./domains";
import { createRandom } from "./random";

export type BuildOptions = {
  targetTokens: number;
  /** Exact tokens per estimated token, from calibration. */
  ratio: number;
  /** A caching counter: parts repeat across tools, so most counts are lookups. */
  countTokens: (text: string) => number;
  seed: number;
};

export type BuiltTool = { tool: CatalogTool; anthropicForm: Record<string, unknown>; estimatedTokens: number };

const MIN_PARAMETERS = 2;
const EMPTY_SKELETON = JSON.stringify({
  name: "",
  description: "",
  input_schema: { type: "object", properties: {}, required: [] },
});
const MAX_PARAMETERS = 8;

export function buildTool(blueprint: Blueprint, options: BuildOptions): BuiltTool {
  const random = createRandom(options.seed);
  const fill = placeholderFiller(blueprint);
  const { required, optional } = parameterPools(blueprint, fill, random.shuffle);
  const wanted = Math.min(
    MAX_PARAMETERS,
    Math.max(MIN_PARAMETERS, required.length + random.integer(1, 3) + Math.floor(options.targetTokens / 250)),
  );
  const parameters = [...required, ...optional.slice(0, Math.max(0, wanted - required.length))];
  const spare = optional.slice(Math.max(0, wanted - required.length));
  const { action, domain } = blueprint;
  const core = [action.opener, `${capitalize(domain.system)} ${domain.purpose}.`, action.useWhen, action.returns].map(
    fill,
  );
  // Filled only when used: most tools need a few of the 32 sentences.
  const details = random.shuffle(DETAIL_SENTENCES);
  const sentences = [...core];
  const requiredNames = required.map((spec) => spec.name);

  const partTokens = (text: string) => options.countTokens(text);
  const sentenceTokens = (sentence: string) => partTokens(" " + sentence);
  const parameterTokens = (parameter: ParameterSpec) =>
    partTokens("," + JSON.stringify(parameter.name) + ":" + JSON.stringify(toSchema(parameter)));
  // Every part is counted on its own so the cache turns most counts into lookups; names are unique, but their
  // `_word` pieces are not (o200k splits `crm_create_contact` into `crm`, `_create`, `_contact` anyway).
  const [firstWord, ...otherWords] = blueprint.name.split("_");
  const nameTokens = partTokens(firstWord) + sum(otherWords.map((word) => partTokens("_" + word)));
  const skeletonTokens =
    partTokens(EMPTY_SKELETON) + nameTokens + sum(requiredNames.map((name) => partTokens(JSON.stringify(name) + ",")));
  let estimate = skeletonTokens + sum(sentences.map(sentenceTokens)) + sum(parameters.map(parameterTokens));
  const target = options.targetTokens / options.ratio;

  // Too big: drop optional parameters first, then the less essential sentences.
  while (estimate > target && parameters.length > Math.max(MIN_PARAMETERS, required.length))
    estimate -= parameterTokens(parameters.pop()!);
  while (estimate > target && sentences.length > 1) estimate -= sentenceTokens(sentences.pop()!);
  // Too small: add detail sentences, then spare parameters, stopping where the total is closest to the target.
  for (const template of details) {
    if (estimate >= target) break;
    const sentence = fill(template);
    const added = sentenceTokens(sentence);
    if (estimate + added - target > target - estimate) break;
    sentences.push(sentence);
    estimate += added;
  }
  for (const parameter of spare) {
    if (estimate >= target || parameters.length >= MAX_PARAMETERS) break;
    const added = parameterTokens(parameter);
    if (estimate + added - target > target - estimate) break;
    parameters.push(parameter);
    estimate += added;
  }

  const inputSchema: JsonSchema = {
    type: "object",
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, toSchema(parameter)])),
    required: requiredNames,
  };
  const description = sentences.join(" ");
  return {
    tool: { name: blueprint.name, description, inputSchema },
    anthropicForm: { name: blueprint.name, description, input_schema: inputSchema },
    estimatedTokens: estimate,
  };
}

/**
 * Required parameters come from the action, qualifier and (for create) the domain; the rest are optional.
 * Names are compared after filling placeholders: `{noun_name}_id` can equal a domain field such as `customer_id`.
 */
function parameterPools(
  blueprint: Blueprint,
  fill: (text: string) => string,
  shuffle: <T>(items: readonly T[]) => T[],
): { required: ParameterSpec[]; optional: ParameterSpec[] } {
  const { action, domain, qualifier } = blueprint;
  const taken = new Set<string>();
  const unique = (specs: ParameterSpec[]) =>
    specs
      .map((spec) => fillParameter(spec, fill, blueprint))
      .filter((spec) => {
        if (taken.has(spec.name)) return false;
        taken.add(spec.name);
        return true;
      });
  const required = unique([
    ...action.required,
    ...(qualifier.parameter ? [qualifier.parameter] : []),
    ...(action.verb === "create" ? domain.fields.slice(0, 2) : []),
  ]);
  const optional = unique(shuffle([...action.optional, ...domain.fields]));
  return { required, optional };
}

function placeholderFiller(blueprint: Blueprint): (text: string) => string {
  const { domain, action, noun, other, qualifier } = blueprint;
  const values: Record<string, string> = {
    noun: readable(noun),
    a_noun: withArticle(readable(noun)),
    a_other: other ? withArticle(readable(other)) : "",
    nouns: readable(pluralize(noun)),
    Nouns: capitalize(readable(pluralize(noun))),
    noun_name: noun,
    other: other ? readable(other) : "",
    other_name: other ?? "",
    system: domain.system,
    System: capitalize(domain.system.replace(/^the /, "")),
    prefix: domain.prefix,
    verb: action.verb,
    qualifier: qualifier.phrase ? ` ${qualifier.phrase}` : "",
  };
  return (text) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function fillParameter(spec: ParameterSpec, fill: (text: string) => string, blueprint: Blueprint): ParameterSpec {
  const filled: ParameterSpec = { ...spec, name: fill(spec.name), description: fill(spec.description) };
  if (spec.enum?.length === 1 && spec.enum[0] === "{status}") filled.enum = blueprint.domain.statuses;
  return filled;
}

/** JSON Schema of a parameter, keys in the order tool authors usually write them. */
function toSchema(spec: ParameterSpec): JsonSchema {
  const schema: JsonSchema = { type: spec.type, description: spec.description };
  if (spec.enum) schema.enum = spec.enum;
  if (spec.format) schema.format = spec.format;
  if (spec.items) schema.items = spec.items;
  if (spec.minimum !== undefined) schema.minimum = spec.minimum;
  if (spec.maximum !== undefined) schema.maximum = spec.maximum;
  return schema;
}

/** "an escalation", "a user", "an NDA": by the first letter, which is right for this vocabulary. */
function withArticle(phrase: string): string {
  return (/^[aeiou]/i.test(phrase) && !/^(user|utm|uni)/i.test(phrase)) || /^(NDA|SLA)/.test(phrase)
    ? `an ${phrase}`
    : `a ${phrase}`;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
