/**
 * Counts strategy-id string literals in non-test code outside lib/strategies and the id list (lib/core/ids.ts):
 * every literal the type checker reads as a StrategyId (assigned, passed, compared, a `case`), and every property
 * of an object keyed by strategy id. The goal is a handful of deliberate mentions (a tour step, a recommendation
 * rule), never a branch. `npx tsx scripts/count-strategy-ids.ts [--list]`.
 */
import path from "node:path";
import ts from "typescript";

const root = process.cwd();
const configPath = ts.findConfigFile(root, ts.sys.fileExists, "tsconfig.json")!;
const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root);
const program = ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
const checker = program.getTypeChecker();

const idsFile = program.getSourceFile(path.join(root, "lib/core/ids.ts"));
const idsSymbol =
  idsFile && checker.getSymbolAtLocation(idsFile)?.exports?.get(ts.escapeLeadingUnderscores("StrategyId"));
const strategyIdType = idsSymbol ? checker.getDeclaredTypeOfSymbol(idsSymbol) : undefined;
const ids = new Set(
  (strategyIdType?.isUnion() ? strategyIdType.types : []).flatMap((type) =>
    type.isStringLiteral() ? [type.value] : [],
  ),
);

/** A type reads as "a strategy id" when most of the ids are among its string-literal members. */
function isStrategyIdType(type: ts.Type | undefined): boolean {
  if (!type) return false;
  const members = type.isUnion() ? type.types : [type];
  const values = members.flatMap((member) => (member.isStringLiteral() && ids.has(member.value) ? [member.value] : []));
  return values.length >= Math.ceil(ids.size * 0.75);
}

function counted(file: string): boolean {
  const relative = path.relative(root, file);
  if (relative.startsWith("node_modules") || relative.startsWith("..")) return false;
  if (/\.test\.tsx?$/.test(relative) || relative.startsWith("e2e/") || relative.includes("test-fixtures")) return false;
  if (relative.startsWith("lib/strategies/") || relative === "lib/core/ids.ts") return false;
  return /\.(ts|tsx)$/.test(relative) && !relative.endsWith(".d.ts");
}

const hits: string[] = [];
for (const source of program.getSourceFiles()) {
  if (!counted(source.fileName)) continue;
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
      if (strategy) hits.push(location(source, node));
    } else if (
      ts.isIdentifier(node) &&
      ids.has(node.text) &&
      ts.isPropertyAssignment(node.parent) &&
      node.parent.name === node
    ) {
      if (keyedByStrategy(node.parent)) hits.push(location(source, node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function keyedByStrategy(property: ts.PropertyAssignment): boolean {
  const literal = property.parent;
  const contextual = checker.getContextualType(literal);
  if (!contextual) return false;
  const keys = checker.getPropertiesOfType(contextual).map((symbol) => symbol.name);
  return keys.filter((key) => ids.has(key)).length >= Math.ceil(ids.size * 0.75);
}

function location(source: ts.SourceFile, node: ts.Node): string {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(root, source.fileName)}:${line + 1}  ${node.getText()}`;
}

if (process.argv.includes("--list")) for (const hit of hits) console.log(hit);
const byFile = new Map<string, number>();
for (const hit of hits) byFile.set(hit.split(":")[0], (byFile.get(hit.split(":")[0]) ?? 0) + 1);
for (const [file, count] of [...byFile].sort((a, b) => b[1] - a[1]))
  console.log(`${String(count).padStart(3)} ${file}`);
console.log(`${hits.length} strategy-id literals outside lib/strategies and the id list (${ids.size} ids)`);
