/**
 * `local/no-unit-cycle`: no cycle between the units of a folder — the server's modules
 * (apps/server/src/modules/<unit>/) or the web's features (apps/web/src/features/<unit>/).
 *
 * import-x/no-cycle sees cycles between files; two modules can still depend on each other through
 * different files (auth/a → account/b and account/c → auth/d). This rule maps every file under a
 * unit root to its unit, builds the graph of units from the relative imports of the files on disk
 * (read once per lint run with TypeScript's import scanner; tests are left out) and reports an
 * import of the linted file whose target unit reaches the file's own unit back. The linted file's
 * own imports come from its AST, so text linted in memory (the zone tests) counts as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$|\/test\//;

/** @type {Map<string, Map<string, Map<string, Set<string>>>>} root → file → target unit → specifiers */
const graphs = new Map();

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(full.split(path.sep).join('/')) ? [full] : [];
  });
}

/** The unit (first folder under `root`) that `file` belongs to, or null outside the root. */
function unitOf(root, file) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [unit, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? unit : null;
}

/** The other units that the relative specifiers of `file` reach. */
function targets(root, file, specifiers) {
  const reached = new Set();
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) continue;
    const unit = unitOf(root, path.resolve(path.dirname(file), specifier));
    if (unit !== null && unit !== unitOf(root, file)) reached.add(unit);
  }
  return reached;
}

/** file → the other units it imports, for every non-test source file under `root`. */
function diskGraph(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  graph = new Map();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      targets(
        root,
        file,
        importedFiles.map((imported) => imported.fileName),
      ),
    );
  }
  graphs.set(root, graph);
  return graph;
}

/** A path of units from `from` back to `to` over the edges of every file but `except`, or null. */
function pathBetween(graph, root, from, to, except) {
  const edges = new Map();
  for (const [file, reached] of graph) {
    if (file === except) continue;
    const unit = unitOf(root, file);
    if (!edges.has(unit)) edges.set(unit, new Set());
    for (const target of reached) edges.get(unit).add(target);
  }
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const unit = queue.shift();
    if (unit === to) {
      const trail = [];
      for (let step = unit; step !== null; step = previous.get(step)) trail.unshift(step);
      return trail;
    }
    for (const next of edges.get(unit) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, unit);
        queue.push(next);
      }
    }
  }
  return null;
}

/**
 * Every cycle between the units under `root` (absolute) on disk, each as `a → b → … → a`: what the
 * rule would report for the whole tree. The zone tests check that it is empty.
 */
export function unitCyclesUnder(root) {
  const graph = diskGraph(root);
  const cycles = new Set();
  for (const [file, reached] of graph) {
    const unit = unitOf(root, file);
    for (const target of reached) {
      const back = pathBetween(graph, root, target, unit, null);
      if (back) cycles.add([unit, ...back].join(' → '));
    }
  }
  return [...cycles].sort();
}

/** @type {import('eslint').Rule.RuleModule} */
const noUnitCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between the modules (or features) under a folder.' },
    schema: [
      {
        type: 'object',
        properties: { roots: { type: 'array', items: { type: 'string' } } },
        required: ['roots'],
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import cycle between units: {{cycle}}.' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const root = context.options[0].roots
      .map((folder) => path.resolve(context.cwd, folder))
      .find((folder) => unitOf(folder, file) !== null);
    if (root === undefined || TEST.test(file.split(path.sep).join('/'))) return {};
    const unit = unitOf(root, file);

    function check(node) {
      if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
      for (const target of targets(root, file, [node.source.value])) {
        const back = pathBetween(diskGraph(root), root, target, unit, file);
        if (back)
          context.report({
            node: node.source,
            messageId: 'cycle',
            data: { cycle: [unit, ...back].join(' → ') },
          });
      }
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-unit-cycle': noUnitCycle } };
