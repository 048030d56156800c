/** Locates the first JSON syntax error in text, for engines whose JSON.parse message has no position. */

/** Offset of the first character a strict JSON reader rejects (the end of text when input stops early). */
export function scanForSyntaxError(text: string): number {
  // Only reached when JSON.parse's wording gave no position, so clarity wins over speed here.
  const containers: Array<"object" | "array"> = [];
  let index = 0;
  const skipWhitespace = () => {
    while (index < text.length && " \t\n\r".includes(text[index])) index++;
  };
  // After a value: a comma, a closing bracket, or the end of text.
  const afterValue = (): number | "continue" | "done" => {
    skipWhitespace();
    const container = containers.at(-1);
    if (container === undefined) return index >= text.length ? "done" : index;
    if (index >= text.length) return text.length;
    if (text[index] === ",") {
      index++;
      return "continue";
    }
    if (text[index] === (container === "object" ? "}" : "]")) {
      containers.pop();
      index++;
      return afterValue();
    }
    return index;
  };
  // In an object every value is preceded by a key and a colon.
  const readKey = (): number | undefined => {
    skipWhitespace();
    if (text[index] !== '"') return index;
    const end = scanString(text, index);
    if (end < 0) return -end - 1;
    index = end;
    skipWhitespace();
    if (text[index] !== ":") return index;
    index++;
    return undefined;
  };
  while (true) {
    skipWhitespace();
    if (index >= text.length) return text.length;
    const character = text[index];
    if (character === "{" || character === "[") {
      containers.push(character === "{" ? "object" : "array");
      index++;
      skipWhitespace();
      if (text[index] === (character === "{" ? "}" : "]")) {
        containers.pop();
        index++;
      } else {
        if (character === "{") {
          const keyError = readKey();
          if (keyError !== undefined) return keyError;
        }
        continue;
      }
    } else {
      const end = character === '"' ? scanString(text, index) : scanLiteral(text, index);
      if (end < 0) return -end - 1;
      index = end;
    }
    const next = afterValue();
    if (next === "done") return text.length;
    if (typeof next === "number") return next;
    if (containers.at(-1) === "object") {
      const keyError = readKey();
      if (keyError !== undefined) return keyError;
    }
  }
}

/** End offset of the string starting at `start`, or `-(offset + 1)` of the offending character. */
function scanString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 34) return index + 1;
    if (code < 32) return -index - 1;
    if (code === 92) {
      const escaped = text[index + 1];
      if (escaped === "u") {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) return -index - 1;
        index += 6;
        continue;
      }
      if (escaped === undefined || !'"\\/bfnrt'.includes(escaped)) return -index - 1;
      index += 2;
      continue;
    }
    index++;
  }
  return -text.length - 1;
}

const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/** End offset of the number or keyword at `start`, or `-(start + 1)` when there is none. */
function scanLiteral(text: string, start: number): number {
  LITERAL.lastIndex = start;
  const match = LITERAL.exec(text);
  return match ? start + match[0].length : -start - 1;
}
