/**
 * `JSON.stringify` of an object that is never edited in place, kept by identity. A large catalog repeats its input
 * schemas (one server's tools served for many tenants: 10,000 tools, a few hundred distinct schemas), and the import
 * makes equal schemas one object (lib/catalog/import-catalog.ts), so a renderer that writes a tool's schema as JSON
 * (a provider's definition, the text protocol's prompt) serialises each distinct schema once.
 */
const texts = new WeakMap<object, string>();

export function jsonTextOf(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}
