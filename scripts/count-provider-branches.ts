/**
 * Counts provider-id branches in non-test code outside lib/providers and the id list (lib/core/ids.ts): a provider
 * id compared with something that holds a provider (`provider === "anthropic"`, `!==`), a `case "moonshot":` of a
 * switch over a provider, every key of an object keyed by provider id (`Record<ProviderId, …>`, or most of the
 * provider ids and little else as keys), and every provider id in a list asked `.includes(…)` or made a `Set`.
 * Each is a place that must change when a wire format is added; the adapter in lib/providers/<provider>/ is where
 * that knowledge belongs. `npx tsx scripts/count-provider-branches.ts [--list]`;
 * scripts/count-project.test.ts keeps the count at or under PROVIDER_BRANCH_LIMIT.
 */
import path from "node:path";
import ts from "typescript";

/**
 * The adapters leave none: the request limits, for instance, are looked up by the table name each provider's model
 * facts give (`requestLimits`). The limit only goes down.
 */
export const PROVIDER_BRANCH_LIMIT = 4;

/** `file:line  literal` for every counted branch, in program order. */
export type ProviderBranches = { ids: ReadonlySet<string>; hits: string[] };

/** Whether a file's branches count: non-test TypeScript outside lib/providers and the id list. */
export function countedFile(relative: string): boolean {
  if (relative.startsWith("node_modules") || relative.startsWith("..")) return false;
  if (/\.test\.tsx?$/.test(relative) || relative.startsWith("e2e/") || relative.includes("test-fixtures")) return false;
  if (relative.startsWith("lib/providers/") || relative === "lib/core/ids.ts") return false;
  return /\.(ts|tsx)$/.test(relative) && !relative.endsWith(".d.ts");
}

/**
 * The branches of the project at `root` (its tsconfig.json), or of `program` when given (the test's small programs).
 */
export function providerBranches(
  root: string,
  program: ts.Program = projectProgram(root),
  idsFileName = path.join(root, "lib/core/ids.ts"),
): ProviderBranches {
  const checker = program.getTypeChecker();
  const idsFile = program.getSourceFile(idsFileName);
  const idsSymbol =
    idsFile && checker.getSymbolAtLocation(idsFile)?.exports?.get(ts.escapeLeadingUnderscores("ProviderId"));
  const providerIdType = idsSymbol ? checker.getDeclaredTypeOfSymbol(idsSymbol) : undefined;
  const ids = new Set(
    (providerIdType?.isUnion() ? providerIdType.types : []).flatMap((type) =>
      type.isStringLiteral() ? [type.value] : [],
    ),
  );

  /**
   * An expression holds a provider when its type is made only of provider ids (a narrowed ProviderId included), or
   * when it is a plain string named after a provider (a parsed body's `provider` field).
   */
  const holdsProvider = (expression: ts.Expression): boolean => {
    const type = checker.getTypeAtLocation(expression);
    const members = (type.isUnion() ? type.types : [type]).filter(
      (member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)),
    );
    if (members.length > 0 && members.every((member) => member.isStringLiteral() && ids.has(member.value))) return true;
    const name = ts.isPropertyAccessExpression(expression)
      ? expression.name.text
      : ts.isIdentifier(expression)
        ? expression.text
        : "";
    return /provider/i.test(name) && members.some((member) => member.flags & ts.TypeFlags.StringLike);
  };

  const keyedByProvider = (object: ts.ObjectLiteralExpression): boolean => {
    const contextual = checker.getContextualType(object);
    const keys = contextual
      ? checker.getPropertiesOfType(contextual).map((symbol) => symbol.name)
      : object.properties.flatMap((property) => (property.name ? [propertyName(property.name)] : []));
    const own = object.properties.flatMap((property) => (property.name ? [propertyName(property.name)] : []));
    // Most provider ids as keys, and mostly provider ids: a map over catalog formats that has three of them is not.
    const byProvider = (names: string[]) => {
      const matching = names.filter((key) => ids.has(key)).length;
      return matching >= Math.ceil(ids.size * 0.75) && matching * 2 > names.length;
    };
    return byProvider(keys) || byProvider(own);
  };

  const listAsked = (array: ts.ArrayLiteralExpression): boolean => {
    let outer: ts.Node = array;
    while (ts.isAsExpression(outer.parent) || ts.isParenthesizedExpression(outer.parent)) outer = outer.parent;
    const parent = outer.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === outer) return parent.name.text === "includes";
    if (ts.isNewExpression(parent) && ts.isIdentifier(parent.expression)) return parent.expression.text === "Set";
    return false;
  };

  const hits: string[] = [];
  for (const source of program.getSourceFiles()) {
    const relative = path.relative(root, source.fileName);
    if (source.fileName === idsFileName || !countedFile(relative)) continue;
    const location = (node: ts.Node) =>
      `${relative}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}  ${node.getText()}`;
    const visit = (node: ts.Node) => {
      const text =
        ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isIdentifier(node)
          ? node.text
          : undefined;
      if (text !== undefined && ids.has(text)) {
        const parent = node.parent;
        let branch = false;
        if (ts.isPropertyAssignment(parent) && parent.name === node)
          branch = ts.isObjectLiteralExpression(parent.parent) && keyedByProvider(parent.parent);
        else if (ts.isIdentifier(node)) branch = false;
        else if (ts.isBinaryExpression(parent) && isEquality(parent.operatorToken.kind))
          branch = holdsProvider(parent.left === node ? parent.right : parent.left);
        else if (ts.isCaseClause(parent)) branch = holdsProvider(parent.parent.parent.expression);
        else if (ts.isArrayLiteralExpression(parent)) branch = listAsked(parent);
        if (branch) hits.push(location(node));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { ids, hits };
}

function isEquality(kind: ts.SyntaxKind): boolean {
  return (
    kind === ts.SyntaxKind.EqualsEqualsEqualsToken ||
    kind === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
    kind === ts.SyntaxKind.EqualsEqualsToken ||
    kind === ts.SyntaxKind.ExclamationEqualsToken
  );
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : "";
}

export function projectProgram(root: string): ts.Program {
  const configPath = ts.findConfigFile(root, ts.sys.fileExists, "tsconfig.json")!;
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root);
  return ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const { ids, hits } = providerBranches(process.cwd());
  if (process.argv.includes("--list")) for (const hit of hits) console.log(hit);
  const byFile = new Map<string, number>();
  for (const hit of hits) byFile.set(hit.split(":")[0], (byFile.get(hit.split(":")[0]) ?? 0) + 1);
  for (const [file, count] of [...byFile].sort((a, b) => b[1] - a[1]))
    console.log(`${String(count).padStart(3)} ${file}`);
  console.log(`${hits.length} provider-id branches outside lib/providers and the id list (${ids.size} ids)`);
}
