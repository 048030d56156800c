/**
 * Fails lint when a component shows words that do not come from the translator: JSX text, a string literal
 * rendered as a child, or a literal in an attribute a person reads (title, aria-label, placeholder, alt, …).
 * Text inside <code>, <kbd>, <pre> and <samp> is wire vocabulary (`tools`, `defer_loading`, field names) and stays
 * as written in every language; so do strings without letters ("·", "→", "12") and the few names listed in
 * `allow` (JSON, MCP, …). Sentences built in lib/ are checked by the Chinese browser walk instead.
 */
const READ_ATTRIBUTES = new Set([
  "title",
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "placeholder",
  "alt",
  "label",
]);
const WIRE_ELEMENTS = new Set(["code", "kbd", "pre", "samp"]);
const LETTER = /\p{L}/u;

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: {
    type: "problem",
    docs: { description: "visible text goes through the translator (lib/i18n)" },
    schema: [
      {
        type: "object",
        properties: { allow: { type: "array", items: { type: "string" } } },
        additionalProperties: false,
      },
    ],
    messages: {
      text: 'Visible text "{{text}}" bypasses the translator: add it to lib/i18n/messages/<locale>/<namespace>.json and render it with t(…).',
    },
  },
  create(context) {
    const allowed = new Set((context.options[0]?.allow ?? []).map((word) => word.toLowerCase()));

    function needsTranslation(text) {
      if (!LETTER.test(text)) return false;
      const words = text
        .split(/[\s·•,;:()[\]/+|–—-]+/u)
        .map((word) => word.trim())
        .filter((word) => LETTER.test(word));
      return words.some((word) => !allowed.has(word.toLowerCase()));
    }

    function insideWireElement(node) {
      for (let current = node.parent; current; current = current.parent) {
        if (current.type === "JSXElement") {
          const name = current.openingElement.name;
          if (name.type === "JSXIdentifier" && WIRE_ELEMENTS.has(name.name)) return true;
        }
      }
      return false;
    }

    function report(node, text) {
      context.report({ node, messageId: "text", data: { text: text.trim().slice(0, 60) } });
    }

    /** The literal strings an expression can render: both branches of `a ? "x" : "y"`, `a && "x"`, templates. */
    function checkRenderedExpression(expression) {
      if (!expression) return;
      switch (expression.type) {
        case "Literal":
          if (typeof expression.value === "string" && needsTranslation(expression.value))
            report(expression, expression.value);
          return;
        case "TemplateLiteral": {
          const text = expression.quasis.map((quasi) => quasi.value.cooked ?? "").join(" ");
          if (needsTranslation(text)) report(expression, text);
          return;
        }
        case "ConditionalExpression":
          checkRenderedExpression(expression.consequent);
          checkRenderedExpression(expression.alternate);
          return;
        case "LogicalExpression":
          checkRenderedExpression(expression.right);
          if (expression.operator !== "&&") checkRenderedExpression(expression.left);
          return;
        default:
          return;
      }
    }

    return {
      JSXText(node) {
        if (needsTranslation(node.value) && !insideWireElement(node)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        const parentType = node.parent?.type;
        if ((parentType === "JSXElement" || parentType === "JSXFragment") && !insideWireElement(node))
          checkRenderedExpression(node.expression);
      },
      JSXAttribute(node) {
        if (node.name.type !== "JSXIdentifier" || !READ_ATTRIBUTES.has(node.name.name) || !node.value) return;
        if (node.value.type === "Literal") checkRenderedExpression(node.value);
        else if (node.value.type === "JSXExpressionContainer") checkRenderedExpression(node.value.expression);
      },
    };
  },
};

export default rule;
