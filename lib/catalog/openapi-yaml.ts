/**
 * Whether a text is an OpenAPI or Swagger document written in YAML: its version line (`openapi: 3.1.0`,
 * `swagger: "2.0"`) within its first 4 KiB. Kept apart from the YAML reader so the page can ask (to show the text as
 * YAML in the editor) without loading a YAML parser.
 */
const OPENAPI_YAML = /^(?:openapi|swagger)\s*:\s*["']?\d/m;

export function looksLikeOpenApiYaml(text: string): boolean {
  return OPENAPI_YAML.test(text.slice(0, 4096));
}
