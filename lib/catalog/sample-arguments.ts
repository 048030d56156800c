/**
 * Plausible arguments for a schema, for scripted turns and generated examples. Deterministic: the same schema
 * always yields the same arguments. Covers the JSON Schema that tool catalogs use (types, enums, formats,
 * bounds, arrays, nested objects), not every keyword.
 */
import { isRecord } from "./catalog-format";
import { samplePattern } from "./sample-pattern";
import { stableTag } from "./stable-hash";
import type { JsonSchema } from "../core/catalog";

export type SampleOptions = {
  /** Also fill optional properties (default: required ones only). */
  includeOptional?: boolean;
};

export function sampleArguments(schema: JsonSchema, options: SampleOptions = {}): Record<string, unknown> {
  const value = sampleObject(schema, schema, options, 0);
  return isRecord(value) ? value : {};
}

function sampleObject(
  schema: Record<string, unknown>,
  root: JsonSchema,
  options: SampleOptions,
  depth: number,
): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const entries = Object.entries(properties)
    .filter(([name]) => required.has(name) || (options.includeOptional && depth === 0))
    .map(([name, property]): [string, unknown] => [name, sampleValue(name, property, root, options, depth + 1)]);
  return Object.fromEntries(entries);
}

function sampleValue(name: string, schema: unknown, root: JsonSchema, options: SampleOptions, depth: number): unknown {
  if (!isRecord(schema) || depth > 6) return sampleString(name, undefined);
  if (typeof schema.$ref === "string") {
    const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(schema.$ref);
    const definitions = match ? root[match[1]] : undefined;
    return sampleValue(
      name,
      match && isRecord(definitions) ? definitions[match[2]] : undefined,
      root,
      options,
      depth + 1,
    );
  }
  if ("const" in schema) return schema.const;
  if ("default" in schema && schema.default !== null) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    const concrete = alternatives.find((option) => isRecord(option) && option.type !== "null") ?? alternatives[0];
    return sampleValue(name, concrete, root, options, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((option) => option !== "null") : schema.type;
  switch (type) {
    case "integer":
    case "number":
      return sampleNumber(name, schema, type === "integer");
    case "boolean":
      return true;
    case "array": {
      const count = typeof schema.minItems === "number" && schema.minItems > 1 ? schema.minItems : 1;
      return Array.from({ length: count }, (_, index) =>
        sampleValue(`${name}_${index}`, schema.items, root, options, depth + 1),
      );
    }
    case "object":
      return sampleObject(schema, root, options, depth);
    case "null":
      return null;
    default:
      return isRecord(schema.properties) ? sampleObject(schema, root, options, depth) : sampleString(name, schema);
  }
}

/** A number by the name's words, first match; any other number is 3. */
const NUMBER_BY_NAME: Array<[RegExp, number]> = [
  [/limit|per_?page|count|size/i, 10],
  [/page/i, 1],
  [/amount|price|total|value|budget/i, 120],
  [/minutes|duration/i, 30],
  // A numeric id (`id`, `order_id`, `petId`) looks like one, not like a count.
  [/(^|_)id$/i, 1042],
];

function sampleNumber(name: string, schema: Record<string, unknown>, integer: boolean): number {
  const minimum =
    typeof schema.minimum === "number"
      ? schema.minimum
      : typeof schema.exclusiveMinimum === "number"
        ? schema.exclusiveMinimum + 1
        : undefined;
  const maximum =
    typeof schema.maximum === "number"
      ? schema.maximum
      : typeof schema.exclusiveMaximum === "number"
        ? schema.exclusiveMaximum - 1
        : undefined;
  const words = snakeCase(name);
  let value = NUMBER_BY_NAME.find(([pattern]) => pattern.test(words))?.[1] ?? 3;
  if (minimum !== undefined && value < minimum) value = minimum;
  if (maximum !== undefined && value > maximum) value = maximum;
  return integer ? Math.ceil(value) : value;
}

const STRING_BY_FORMAT: Record<string, string> = {
  email: "dana.lee@example.com",
  uri: "https://example.com/resource",
  url: "https://example.com/resource",
  date: "2026-03-14",
  "date-time": "2026-03-14T09:30:00Z",
  time: "09:30:00",
  uuid: "3f2b9c1e-8a4d-4b6e-9f10-2c7d5e8a1b42",
  hostname: "api.example.com",
  ipv4: "192.0.2.10",
};

const STRING_BY_NAME: Array<[RegExp, (name: string) => string]> = [
  [/email/i, () => STRING_BY_FORMAT.email],
  [/url|link|uri|website/i, () => STRING_BY_FORMAT.uri],
  [/date_?time|timestamp|_at$/i, () => STRING_BY_FORMAT["date-time"]],
  [/date|day|since|until|deadline/i, () => STRING_BY_FORMAT.date],
  [/currency/i, () => "usd"],
  [/country/i, () => "US"],
  [/timezone/i, () => "Europe/Berlin"],
  [/phone/i, () => "+1 415 555 0134"],
  [/(^|_)id$|_ids?_|identifier/i, (name) => `${name.replace(/_?ids?$/i, "") || "item"}_${stableTag(name, 5)}`],
  [/sku/i, () => "SKU-10432"],
  [/company|organization|counterparty/i, () => "Northwind Traders"],
  [/first_name/i, () => "Dana"],
  [/last_name/i, () => "Lee"],
  [/title|subject/i, () => "Quarterly review"],
  [/name/i, () => "Northwind onboarding"],
  [/query|search|keyword|term/i, () => "Northwind Traders"],
  [/city|location|address/i, () => "Berlin"],
  [/path|file/i, () => "docs/README.md"],
];

/** `petId` → `pet_id`, `startDate` → `start_date`: the name rules above are written for snake_case. */
function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

function sampleString(name: string, schema: Record<string, unknown> | undefined): string {
  const format = typeof schema?.format === "string" ? STRING_BY_FORMAT[schema.format] : undefined;
  const words = snakeCase(name);
  const byName = STRING_BY_NAME.find(([pattern]) => pattern.test(words));
  let value = format ?? byName?.[1](words) ?? describedExample(schema) ?? `sample ${words.replace(/_/g, " ")}`;
  // A value the schema's own pattern refuses would make every scripted call an argument error.
  if (typeof schema?.pattern === "string" && !matches(schema.pattern, value))
    value = samplePattern(schema.pattern) ?? value;
  const minLength = typeof schema?.minLength === "number" ? schema.minLength : 0;
  const maxLength = typeof schema?.maxLength === "number" ? schema.maxLength : Infinity;
  if (value.length < minLength) value = value.padEnd(minLength, "x");
  return value.length > maxLength ? value.slice(0, maxLength) : value;
}

/**
 * The example a property's description gives ("Stock code, e.g. 600519", "股票代码，例如 600519", "地域名（例：渋谷）"):
 * a value in the catalog's own words and language, where the name alone would give "sample symbol".
 */
const DESCRIBED_EXAMPLE =
  /(?:\be\.g\.,?|\bfor example,?|\bsuch as|例如|比如|例[：:])\s*["'“「`]?([^\s,，、。;；:：)）"'”」`]+)/iu;

function describedExample(schema: Record<string, unknown> | undefined): string | undefined {
  const example = typeof schema?.description === "string" ? DESCRIBED_EXAMPLE.exec(schema.description)?.[1] : undefined;
  // The sentence's full stop is not part of the example; a dot inside one is ("api.example.com").
  return example?.replace(/\.+$/, "") || undefined;
}

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, "u").test(value);
  } catch {
    return true;
  }
}
