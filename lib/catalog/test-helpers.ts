/** Shared by the catalog tests: reading the catalogs copied into examples/catalogs. */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export const EXAMPLE_CATALOG_DIRECTORY = join(__dirname, "..", "..", "examples", "catalogs");

export function exampleCatalogFiles(): string[] {
  return readdirSync(EXAMPLE_CATALOG_DIRECTORY)
    .filter((file) => file.endsWith(".json"))
    .sort();
}

export function readExampleCatalog(file: string): string {
  return readFileSync(join(EXAMPLE_CATALOG_DIRECTORY, file), "utf8");
}

export function readTestFixture(file: string): string {
  return readFileSync(join(__dirname, "test-fixtures", file), "utf8");
}
