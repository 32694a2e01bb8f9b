// Generated data directories shared by the browser tests and the browser benchmark.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchscope, tempDir } from './support.js';

/** 50,000 small instances. */
export function largeData() {
  const input = join(tempDir('large'), 'large.jsonl');
  const lines = [];
  for (let i = 0; i < 50000; i += 1) {
    lines.push(JSON.stringify({ instance_id: `large__repo-${String(i).padStart(5, '0')}`, repo: `large/repo${i % 7}`, problem_statement: `Issue ${i}: something about item ${i % 97}`, patch: '', FAIL_TO_PASS: '[]', PASS_TO_PASS: '[]' }));
  }
  writeFileSync(input, lines.join('\n') + '\n');
  const out = join(tempDir('large-data'), 'data');
  benchscope('export', input, '--dataset', 'large', '--out', out, '--quiet');
  return out;
}

/** One instance with a 1 MB gold patch (a two-hunk Python file, then 40 large files) and a 150k-character statement. */
export function hugeData() {
  const core = 'diff --git a/pkg/core.py b/pkg/core.py\n--- a/pkg/core.py\n+++ b/pkg/core.py\n'
    + '@@ -1,3 +1,3 @@\n import os\n-x = 1\n+x = 2\n y = 3\n@@ -20,3 +20,3 @@\n a = 1\n-b = 2\n+b = 3\n c = 4\n';
  const files = [core];
  for (let f = 0; f < 40; f += 1) {
    const lines = Array.from({ length: 600 }, (_, i) => `+def function_${f}_${i}(value): return value * ${i}  # line ${i}`);
    files.push(`diff --git a/pkg/m${f}.py b/pkg/m${f}.py\nnew file mode 100644\n--- /dev/null\n+++ b/pkg/m${f}.py\n@@ -0,0 +1,600 @@\n${lines.join('\n')}\n`);
  }
  const statement = Array.from({ length: 1500 }, (_, i) => `Paragraph ${i} ${'word '.repeat(19)}`).join('\n\n');
  const input = join(tempDir('huge'), 'huge.jsonl');
  writeFileSync(input, JSON.stringify({ instance_id: 'huge__repo-1', repo: 'huge/repo', problem_statement: statement, patch: files.join(''), FAIL_TO_PASS: '[]', PASS_TO_PASS: '[]' }) + '\n');
  const out = join(tempDir('huge-data'), 'data');
  benchscope('export', input, '--dataset', 'huge', '--out', out, '--quiet');
  return { out, patch: files.join(''), statement };
}
