// The page's modules under the rules Python's obey (tests/test_architecture.py): no module over
// 450 lines, no function over 60, no import cycle (type imports in JSDoc included, as Python's
// type-checking imports are); and the contract in one place: no module but the generated
// wire.js spells a message type or a code of the wire. Read with the TypeScript compiler's
// own parser (node's test runner).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import ts from "typescript";

import { CODE, LEFT_REASON, MSG, NOTICE_CODE } from "../../web/js/wire.js";

const FOLDER = new URL("../../web/js/", import.meta.url);
const MAX_MODULE_LINES = 450;
const MAX_FUNCTION_LINES = 60;
const GENERATED = new Set(["wire.js", "wire_types.js"]);
/** Wire words that are also the page's own words: a tap's action (the hint button), a sheet
 * (the chat), a sound and a log line (a play), styles (an error, the lobby's rooms), a side of
 * the table (left). Only where the wire's words stand may they not be spelled. */
const PAGE_WORDS = new Set(["hint", "chat", "play", "error", "rooms", "left"]);
/** The fields whose values are the wire's words: a message's type, a refusal's code, a reason. */
const WIRE_FIELDS = new Set(["t", "code", "reason"]);
const WIRE_WORDS = new Set([MSG, CODE, LEFT_REASON, NOTICE_CODE].flatMap((words) => Object.values(words)));

/** @returns {{ name: string, text: string, source: ts.SourceFile }[]} */
function modules(folder = FOLDER) {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".js"))
    .sort()
    .map((name) => {
      const text = readFileSync(new URL(name, folder), "utf8");
      return { name, text, source: ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS) };
    });
}

/** @param {ts.Node} node @param {(node: ts.Node) => void} visit */
function walk(node, visit) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** The modules of this folder a module imports, in code or in a JSDoc type. */
function importsOf({ text }) {
  const found = new Set();
  for (const match of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)"\.\/([\w-]+\.js)"/g)) found.add(match[1]);
  return found;
}

/** One cycle of the graph, as a path that ends where it starts, or null. */
export function findCycle(graph) {
  const done = new Set();
  const visit = (node, trail) => {
    if (trail.includes(node)) return [...trail.slice(trail.indexOf(node)), node];
    if (done.has(node)) return null;
    for (const target of [...(graph.get(node) ?? [])].sort()) {
      const cycle = visit(target, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const start of [...graph.keys()].sort()) {
    const cycle = visit(start, []);
    if (cycle) return cycle;
  }
  return null;
}

/** The functions of a module longer than the rule allows: "file:line name: n lines". */
function longFunctions({ name, source }) {
  const long = [];
  walk(source, (node) => {
    if (!ts.isFunctionLike(node) || !("body" in node) || node.body === undefined) return;
    const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
    const lines = last - first + 1;
    const called = node.name?.getText(source) ?? "(anonymous)";
    if (lines > MAX_FUNCTION_LINES) long.push(`${name}:${first + 1} ${called}: ${lines} lines`);
  });
  return long;
}

/** Whether a literal stands where the wire's words do: a field `t`, `code` or `reason` given
 * it, compared with it, or a case of a switch on it. */
function inWirePlace(node) {
  const parent = node.parent;
  const wireField = (expression) => ts.isPropertyAccessExpression(expression) && WIRE_FIELDS.has(expression.name.text);
  if (ts.isPropertyAssignment(parent)) return WIRE_FIELDS.has(parent.name.getText());
  if (ts.isBinaryExpression(parent)) return wireField(parent.left) || wireField(parent.right);
  if (ts.isCaseClause(parent)) return wireField(parent.parent.parent.expression);
  return false;
}

/** Every literal of a module that spells a word of the wire: "file:line word". */
function wireWords({ name, source }) {
  const spelled = [];
  walk(source, (node) => {
    if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node)) return;
    if (!WIRE_WORDS.has(node.text) || (PAGE_WORDS.has(node.text) && !inWirePlace(node))) return;
    if (ts.isImportDeclaration(node.parent) || ts.isCallExpression(node.parent) && node.parent.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    spelled.push(`${name}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${node.text}`);
  });
  return spelled;
}

test("no module of the page is over 450 lines, and no function over 60", () => {
  const long = modules().flatMap((module) => {
    const lines = module.text.split("\n").length - 1;
    return [...(lines > MAX_MODULE_LINES && !GENERATED.has(module.name) ? [`${module.name}: ${lines} lines`] : []), ...longFunctions(module)];
  });
  assert.deepEqual(long, []);
});

test("no two modules of the page import each other, directly or round a circle", () => {
  const graph = new Map(modules().map((module) => [module.name, importsOf(module)]));
  assert.equal(findCycle(graph), null);
  assert.ok(graph.get("main.js").size > 10, "the imports are found");
});

test("the cycle finder finds a cycle, and the import reader sees JSDoc's type imports", () => {
  const graph = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]);
  assert.deepEqual(findCycle(graph), ["a", "b", "c", "a"]);
  const text = 'import { x } from "./a.js";\n/** @typedef {import("./b.js").B} B */\nawait import("./c.js");\n';
  assert.deepEqual([...importsOf({ text })].sort(), ["a.js", "b.js", "c.js"]);
});

test("no module but the generated wire.js spells a message type or a code", () => {
  const spelled = modules().filter((module) => !GENERATED.has(module.name)).flatMap(wireWords);
  assert.deepEqual(spelled, []);
});

test("the check of the wire's words finds them where they would be restated", () => {
  const text = 'send({ t: "list_rooms" });\nif (m.code === "wrong_code") x();\nconst s = new Set(["replaced"]);\n' +
    'if (m.t === "chat") y();\nsound("play");\nbutton("hint");\nseatSide("left");\n';
  const source = ts.createSourceFile("probe.js", text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  assert.deepEqual(wireWords({ name: "probe.js", source }), ["probe.js:1 list_rooms", "probe.js:2 wrong_code", "probe.js:3 replaced", "probe.js:4 chat"]);
});
