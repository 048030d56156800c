/**
 * Counts strategy-id string literals in non-test code outside lib/strategies and the id list (lib/core/ids.ts):
 * every literal the type checker reads as a StrategyId (assigned, passed, compared, a `case`), and every property
 * of an object keyed by strategy id. The goal is a handful of deliberate mentions (a tour step, a recommendation
 * rule), never a branch. `npx tsx scripts/count-strategy-ids.ts [--list]`; scripts/count-project.test.ts keeps
 * the count at or under STRATEGY_ID_LITERAL_LIMIT.
 */
import path from "node:path";
import ts from "typescript";

/** Issue #11: 20 or fewer literals outside the strategies and the id list. */
export const STRATEGY_ID_LITERAL_LIMIT = 20;

/** `file:line  literal` for every counted literal, in program order. */
export type StrategyIdLiterals = { ids: ReadonlySet<string>; hits: string[] };

/** Whether a file's literals count: non-test TypeScript outside lib/strategies and the id list. */
export function countedFile(relative: string): boolean {
  if (relative.startsWith("node_modules") || relative.startsWith("..")) return false;
  if (/\.test\.tsx?$/.test(relative) || relative.startsWith("e2e/") || relative.includes("test-fixtures")) return false;
  if (relative.startsWith("lib/strategies/") || relative === "lib/core/ids.ts") return false;
  return /\.(ts|tsx)$/.test(relative) && !relative.endsWith(".d.ts");
}

/**
 * The literals of the project at `root` (its tsconfig.json), or of `fileNames` with `options` when given (the test's
 * small programs).
 */
export function strategyIdLiterals(
  root: string,
  program: ts.Program = projectProgram(root),
  idsFileName = path.join(root, "lib/core/ids.ts"),
): StrategyIdLiterals {
  const checker = program.getTypeChecker();
  const idsFile = program.getSourceFile(idsFileName);
  const idsSymbol =
    idsFile && checker.getSymbolAtLocation(idsFile)?.exports?.get(ts.escapeLeadingUnderscores("StrategyId"));
  const strategyIdType = idsSymbol ? checker.getDeclaredTypeOfSymbol(idsSymbol) : undefined;
  const ids = new Set(
    (strategyIdType?.isUnion() ? strategyIdType.types : []).flatMap((type) =>
      type.isStringLiteral() ? [type.value] : [],
    ),
  );

  /** A type reads as "a strategy id" when most of the ids are among its string-literal members. */
  const isStrategyIdType = (type: ts.Type | undefined): boolean => {
    if (!type) return false;
    const members = type.isUnion() ? type.types : [type];
    const values = members.flatMap((member) =>
      member.isStringLiteral() && ids.has(member.value) ? [member.value] : [],
    );
    return values.length >= Math.ceil(ids.size * 0.75);
  };

  const keyedByStrategy = (property: ts.PropertyAssignment): boolean => {
    const contextual = checker.getContextualType(property.parent);
    if (!contextual) return false;
    const keys = checker.getPropertiesOfType(contextual).map((symbol) => symbol.name);
    return keys.filter((key) => ids.has(key)).length >= Math.ceil(ids.size * 0.75);
  };

  const hits: string[] = [];
  for (const source of program.getSourceFiles()) {
    const relative = path.relative(root, source.fileName);
    if (source.fileName === idsFileName || !countedFile(relative)) continue;
    const location = (node: ts.Node) =>
      `${relative}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}  ${node.getText()}`;
    const visit = (node: ts.Node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && ids.has(node.text)) {
        const parent = node.parent;
        let strategy = isStrategyIdType(checker.getContextualType(node));
        if (!strategy && ts.isBinaryExpression(parent)) {
          const other = parent.left === node ? parent.right : parent.left;
          strategy = isStrategyIdType(checker.getTypeAtLocation(other));
        }
        if (!strategy && ts.isCaseClause(parent))
          strategy = isStrategyIdType(checker.getTypeAtLocation(parent.parent.parent.expression));
        if (!strategy && ts.isPropertyAssignment(parent) && parent.name === node) strategy = keyedByStrategy(parent);
        if (strategy) hits.push(location(node));
      } else if (
        ts.isIdentifier(node) &&
        ids.has(node.text) &&
        ts.isPropertyAssignment(node.parent) &&
        node.parent.name === node
      ) {
        if (keyedByStrategy(node.parent)) hits.push(location(node));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { ids, hits };
}

export function projectProgram(root: string): ts.Program {
  const configPath = ts.findConfigFile(root, ts.sys.fileExists, "tsconfig.json")!;
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root);
  return ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const { ids, hits } = strategyIdLiterals(process.cwd());
  if (process.argv.includes("--list")) for (const hit of hits) console.log(hit);
  const byFile = new Map<string, number>();
  for (const hit of hits) byFile.set(hit.split(":")[0], (byFile.get(hit.split(":")[0]) ?? 0) + 1);
  for (const [file, count] of [...byFile].sort((a, b) => b[1] - a[1]))
    console.log(`${String(count).padStart(3)} ${file}`);
  console.log(`${hits.length} strategy-id literals outside lib/strategies and the id list (${ids.size} ids)`);
}
