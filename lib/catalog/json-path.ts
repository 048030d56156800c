/** JSON paths in the `$.tools[3].inputSchema` notation used by every InputProblem. */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function appendKey(path: string, key: string): string {
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

export function appendIndex(path: string, index: number): string {
  return `${path}[${index}]`;
}

/**
 * Converts an Ajv `instancePath` (a JSON Pointer such as `/turns/2/needs/0/tool`) to a JSON path under `root`.
 * All-digit segments are read as array indices: a pointer does not say whether `0` is an index or a key, and
 * in our documents numeric keys only occur inside free-form arguments, where either reading locates the value.
 */
export function pointerToPath(pointer: string, root = "$"): string {
  if (pointer === "") return root;
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce(
      (path, segment) => (/^\d+$/.test(segment) ? appendIndex(path, Number(segment)) : appendKey(path, segment)),
      root,
    );
}

/** Re-roots a path found inside a sub-document, e.g. `$.tools[1]` inside the catalog → `$.catalog.tools[1]`. */
export function rebasePath(path: string, newRoot: string): string {
  return path === "$" ? newRoot : newRoot + path.slice(1);
}
