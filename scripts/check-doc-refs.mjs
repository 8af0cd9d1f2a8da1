#!/usr/bin/env node
/**
 * Every reference to a document resolves.
 *
 * (a) Markdown files: relative links and images, `[text](path)`, `[text](path#anchor)`,
 *     `[text](#anchor)` and reference definitions `[id]: path`. The file (or folder) must exist inside
 *     the repository; an anchor into a markdown file must equal the GitHub slug of one of its headings.
 * (b) Source, test, bench, script, spec and migration files: mentions of documents, wherever they
 *     are (comments, help texts, spec descriptions):
 *       - the root README with a quoted section, with or without a comma or a possessive, or with a
 *         section sign: the README must have a heading with that text (case-insensitive);
 *       - a path ending in .md, optionally followed by #anchor or by a quoted heading: the file must
 *         exist (relative to the repository root, or to the mentioning file when it starts with ./ or ../)
 *         and have that heading;
 *       - the design document with a section sign: always dangling, since that file is not in this
 *         repository (point at a page under docs/ instead).
 *     A line containing `doc-refs: ignore` is skipped.
 *
 *   node scripts/check-doc-refs.mjs [root]      prints `file:line: reference — reason` per dangling
 *                                               reference and exits 1, or one summary line.
 *
 * Plain Node, no dependencies; `checkDocRefs(root)` is exported for test/architecture/doc-refs.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Folders never walked, at any depth. */
const SKIP_ANYWHERE = new Set(['node_modules', '.git']);
/** Folders of the repository root that are build output or data, not sources. */
const SKIP_AT_ROOT = new Set(['generated', 'dist', 'data']);
/** Where mentions of documents are looked for in code (each walked recursively). */
const CODE_FOLDERS = ['src', 'test', 'bench', 'scripts', 'openapi', 'migrations', 'contract-tests', '.ci'];
const CODE_FILE = /\.(ts|mts|cts|js|cjs|mjs|sh|yaml|yml)$/;
const IGNORE_LINE = 'doc-refs: ignore';

/** GitHub's heading slug: lowercase, punctuation removed (letters, digits, `_`, `-` and spaces kept), each space a `-`. */
export function slugify(text) {
  return plainHeading(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text a heading renders as: inline code, emphasis, links and HTML tags reduced to their text. */
function plainHeading(text) {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`+/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/\*/g, '')
    .trim();
}

/** Lines of a markdown file with fenced code blocks blanked out (their line numbers kept). */
function proseLines(text) {
  const lines = text.split(/\r?\n/);
  let fence = null;
  return lines.map((line) => {
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (
        open &&
        open[1][0] === fence[0] &&
        open[1].length >= fence.length &&
        line.trim() === open[1].padEnd(line.trim().length, open[1][0])
      )
        fence = null;
      return '';
    }
    if (open) {
      fence = open[1];
      return '';
    }
    return line;
  });
}

const headingCache = new Map();

/** Headings of a markdown file: their slugs (GitHub's, duplicates numbered) and their plain texts, lowercased. */
function headingsOf(file) {
  if (headingCache.has(file)) return headingCache.get(file);
  const slugs = new Set();
  const texts = new Set();
  const seen = new Map();
  const add = (raw) => {
    const base = slugify(raw);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    slugs.add(n === 0 ? base : `${base}-${n}`);
    texts.add(plainHeading(raw).toLowerCase());
  };
  const lines = proseLines(fs.readFileSync(file, 'utf8'));
  lines.forEach((line, i) => {
    const atx = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (atx) return add(atx[1]);
    if (
      /^ {0,3}(=+|-+)\s*$/.test(line) &&
      i > 0 &&
      lines[i - 1].trim() &&
      !/^\s*([-*+]|\d+\.)\s|\|/.test(lines[i - 1]) &&
      !/^ {0,3}#/.test(lines[i - 1])
    ) {
      add(lines[i - 1].trim());
    }
    for (const m of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) slugs.add(m[1]);
  });
  const result = { slugs, texts };
  headingCache.set(file, result);
  return result;
}

function walk(dir, root, out) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (SKIP_ANYWHERE.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (dir === root && SKIP_AT_ROOT.has(entry.name)) continue;
    if (entry.isDirectory()) walk(full, root, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

function inside(root, target) {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Resolves `target` (a path with an optional anchor or quoted heading) against `base`; returns the
 * reason it is dangling, or null.
 */
function problemWith(root, base, target, anchor, headingText) {
  if (!inside(root, base)) return `${path.relative(root, base)} is outside the repository`;
  if (!fs.existsSync(base)) return 'no such file';
  const isMarkdown = /\.md$/i.test(base) && fs.statSync(base).isFile();
  if (anchor && isMarkdown && !headingsOf(base).slugs.has(anchor.toLowerCase()))
    return `no heading with anchor #${anchor}`;
  if (headingText !== undefined) {
    if (!isMarkdown) return 'not a markdown file';
    if (!headingsOf(base).texts.has(plainHeading(headingText).toLowerCase())) return `no heading "${headingText}"`;
  }
  return null;
}

function checkMarkdown(root, file, report) {
  const lines = proseLines(fs.readFileSync(file, 'utf8'));
  lines.forEach((raw, i) => {
    if (raw.includes(IGNORE_LINE)) return;
    const line = raw.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, (m) => ' '.repeat(m.length));
    const targets = [];
    for (const m of line.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g))
      targets.push(m[1].replace(/^<|>$/g, ''));
    const def = /^ {0,3}\[[^\]]+\]:\s*(\S+)/.exec(line);
    if (def) targets.push(def[1]);
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:, …
      const [pathPart, anchor] = target.split('#', 2);
      const cleanPath = decodeURIComponent(pathPart.split('?')[0]);
      const base =
        cleanPath === ''
          ? file
          : cleanPath.startsWith('/')
            ? path.join(root, cleanPath)
            : path.resolve(path.dirname(file), cleanPath);
      const problem = problemWith(root, base, target, anchor ? decodeURIComponent(anchor) : undefined, undefined);
      report(file, i + 1, target, problem);
    }
  });
}

const README_SECTION = /(?<![\w/.-])README(?!\.md)(?:'s)?\s*,?\s*(?:"([^"\n]+)"|“([^”\n]+)”|§\s*([^),;\n]+))/g;
const DESIGN_SECTION = /(?<![\w/.-])DESIGN(?:\.md)?\s*,?\s*§\s*[\w.]*/g;
const MD_PATH = /(?<![\w/.@-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.md)\b(?:#([\w-]+)|\s+"([^"\n]+)")?/g;

function checkCode(root, file, report) {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  lines.forEach((line, i) => {
    if (line.includes(IGNORE_LINE)) return;
    for (const m of line.matchAll(README_SECTION)) {
      const section = (m[1] ?? m[2] ?? m[3]).trim();
      report(
        file,
        i + 1,
        m[0].trim(),
        problemWith(root, path.join(root, 'README.md'), 'README.md', undefined, section) &&
          `README.md has no heading "${section}"`,
      );
    }
    for (const m of line.matchAll(DESIGN_SECTION)) {
      report(file, i + 1, m[0].trim(), 'the design document is not in this repository; point at a page under docs/');
    }
    for (const m of line.matchAll(MD_PATH)) {
      const [whole, mdPath, anchor, headingText] = m;
      const base = mdPath.startsWith('.') ? path.resolve(path.dirname(file), mdPath) : path.join(root, mdPath);
      report(file, i + 1, whole.trim(), problemWith(root, base, mdPath, anchor, headingText));
    }
  });
}

/**
 * Checks every document reference under `root`. Returns how many were checked and the dangling
 * ones, each `{file, line, reference, reason}` with `file` relative to `root`.
 */
export function checkDocRefs(root) {
  root = path.resolve(root);
  headingCache.clear();
  const dangling = [];
  let checked = 0;
  const report = (file, line, reference, problem) => {
    checked += 1;
    if (problem) dangling.push({ file: path.relative(root, file), line, reference, reason: problem });
  };
  const all = walk(root, root, []);
  for (const file of all.filter((f) => /\.md$/i.test(f))) checkMarkdown(root, file, report);
  const codeFiles = new Set();
  for (const folder of CODE_FOLDERS) {
    for (const file of walk(path.join(root, folder), root, [])) {
      if (CODE_FILE.test(file) || folder === '.ci') codeFiles.add(file);
    }
  }
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.isFile() && CODE_FILE.test(entry.name)) codeFiles.add(path.join(root, entry.name)); // .dependency-cruiser.cjs, vitest.config.ts, …
  }
  for (const file of [...codeFiles].sort()) checkCode(root, file, report);
  dangling.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { checked, dangling };
}

/** The lines the command prints. */
export function formatReport({ checked, dangling }) {
  return [
    ...dangling.map((d) => `${d.file}:${d.line}: ${d.reference} — ${d.reason}`),
    `doc references: ${checked} checked, ${dangling.length} dangling`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const result = checkDocRefs(root);
  for (const line of formatReport(result)) console.log(line);
  process.exit(result.dangling.length ? 1 : 0);
}
