// Generated data directories shared by the browser tests and the browser benchmark.
import { mkdirSync, writeFileSync } from 'node:fs';
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

/** A mini-swe-agent trajectory of `steps` steps, each answered by `lines` lines of output (2,000 × 650
 * is about 101 MB), imported as run `big` on its own dataset. */
export function bigTrajectoryData(steps = 2000, lines = 650) {
  const folder = join(tempDir('big-traj'), 'trajs', 'big__repo-1');
  mkdirSync(folder, { recursive: true });
  const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu'];
  const messages = [{ role: 'system', content: 'You are a helpful assistant.' }, { role: 'user', content: 'Fix the bug in big/repo.' }];
  for (let i = 0; i < steps; i += 1) {
    messages.push({ role: 'assistant', content: `THOUGHT: step ${i}, look at file ${i}.\n\n\`\`\`bash\ncat src/module_${i}.py | head -n 400\n\`\`\`` });
    const line = Array.from({ length: 12 }, (_, w) => words[(i * 7 + w * 5) % words.length]).join(' ');
    const output = Array.from({ length: lines }, (_, j) => `${j}: ${line} ${i}`).join('\n');
    messages.push({ role: 'user', content: `<returncode>0</returncode>\n<output>\n${output}\n</output>` });
  }
  const file = join(folder, 'big__repo-1.traj.json');
  writeFileSync(file, JSON.stringify({ instance_id: 'big__repo-1', trajectory_format: 'mini-swe-agent-1', info: { exit_status: 'Submitted', submission: '' }, messages }));
  const out = join(tempDir('big-traj-data'), 'data');
  benchscope('import', join(folder, '..'), '--data', out, '--run', 'big', '--new-dataset');
  return { out, file };
}

/** One row of each of Long Code Arena's six datasets, in its published schema, exported as six datasets. */
export function lcaData() {
  const dir = tempDir('lca');
  const rows = {
    'lca-cmg': { hash: 'abc123', repo: 'owner/name', date: '2023-01-02', license: 'MIT', message: 'Add parser\n\nHandles ``` fences.',
      mods: [{ change_type: 'MODIFY', old_path: 'a.py', new_path: 'a.py', diff: '@@ -1 +1 @@\n-x = 1\n+x = 2\n' },
        { change_type: 'ADD', old_path: null, new_path: 'b.py', diff: '@@ -0,0 +1 @@\n+import os\n' }] },
    'lca-bl': { id: 17, repo_owner: 'o', repo_name: 'r', issue_url: 'https://github.com/o/r/issues/3', issue_title: 'Crash on empty input',
      issue_body: 'Steps:\n\n1. run `r`', issue_labels: ['bug'], pull_url: 'https://github.com/o/r/pull/4', base_sha: 'b1', head_sha: 'h1',
      diff: 'diff --git a/src/a.py b/src/a.py\n--- a/src/a.py\n+++ b/src/a.py\n@@ -1 +1 @@\n-x\n+y\n', changed_files: '["src/a.py"]', changed_files_count: 1, repo_files_without_tests_count: 40 },
    'lca-ci': { id: 42, repo_owner: 'o', repo_name: 'r', sha_fail: 'f', sha_success: 's', head_branch: 'main', language: 'Python',
      diff: 'diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n',
      logs: [{ step_name: 'tests', log: Array.from({ length: 300 }, (_, i) => (i === 150 ? 'E   AssertionError: boom' : i === 5 ? '<b>not bold</b>' : `output ${i}`)).join('\n') }],
      workflow: 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n', workflow_filename: 'ci.yml', workflow_name: 'CI', workflow_path: '.github/workflows/ci.yml',
      changed_files: ['x.py'], commit_link: 'https://github.com/o/r/commit/f', contributor: 'me', difficulty: 3 },
    'lca-lbcg': { repo_full_name: 'pyscf/pyscf', repo_name: 'pyscf', repo_owner: 'pyscf', instruction: 'Generate code that runs a **Hartree-Fock** calculation.',
      reference: 'from pyscf import gto, scf\nmol = gto.M(atom="H 0 0 0")\nscf.RHF(mol).run()\n', clean_reference: 'mol = gto.M()', path_to_reference_file: 'examples/00-simple.py',
      path_to_examples_folder: 'examples', n_unique_apis: 2, unique_apis: ['M', 'RHF'], project_defined_elements: ['gto'], api_calls: ['M'], internal_apis: [] },
    'lca-ms': { repo: 'o/r', docfile_name: 'usage.md', intent: 'How to use the CLI', license: 'MIT', path_to_docfile: 'docs/usage.md',
      relevant_code_files: ['src/cli.py'], relevant_code_dir: 'src', target_text: '# Usage\n\nRun `r --help`.', relevant_code_context: 'def main(): ...' },
    'lca-cc': { repo: 'o/r', commit_hash: 'c0ffee', completion_file: { filename: 'src/app.py', content: 'import os\nfrom util import f\n\nvalue = f(1)\nprint(value)\n' },
      completion_lines: { infile: [4], inproject: [3], commited: [1], common: [], non_informative: [0], random: [] },
      repo_snapshot: { filename: ['src/util.py', 'README.md'], content: ['def f(x):\n    return x\n', '# R\n'] } },
  };
  // Code completion as the hub lays it out: one folder per context-size set, both filling one split.
  const sets = { small_context: rows['lca-cc'], medium_context: { ...rows['lca-cc'],
    completion_file: { filename: 'src/zeta.py', content: 'a = 1\nb = 2\n' }, completion_lines: { infile: [1] }, repo_snapshot: { filename: [], content: [] } } };
  const inputs = Object.keys(rows).filter((n) => n !== 'lca-cc').map((name) => [name, join(dir, `${name}.jsonl`), rows[name]]);
  for (const [set, row] of Object.entries(sets)) {
    mkdirSync(join(dir, set));
    inputs.push(['lca-cc', join(dir, set, 'test.jsonl'), row]);
  }
  for (const [, path, row] of inputs) writeFileSync(path, JSON.stringify(row) + '\n');
  const out = join(tempDir('lca-data'), 'data');
  benchscope('export', ...inputs.map(([, path]) => path), ...inputs.flatMap(([name]) => ['--dataset', name]), '--out', out, '--quiet');
  const generations = join(dir, 'generations.jsonl');
  writeFileSync(generations, JSON.stringify({ index: 0, generation: rows['lca-lbcg'].reference }) + '\n');
  benchscope('score', generations, '--data', out, '--dataset', 'lca-lbcg', '--run', 'echo-reference');
  const completions = join(dir, 'completions.jsonl');
  writeFileSync(completions, JSON.stringify({ instance_id: 'o/r@c0ffee:src/app.py', completions: { 0: 'import os', 1: 'from util import g', 3: 'value = f(1)', 4: 'print(value)' } }) + '\n'
    + JSON.stringify({ instance_id: 'o/r@c0ffee:src/zeta.py', completions: { 1: 'b = 3' } }) + '\n');
  benchscope('score', completions, '--data', out, '--dataset', 'lca-cc', '--run', 'completer');
  const jobs = join(dir, 'jobs_results.jsonl');
  writeFileSync(jobs, JSON.stringify({ repo_name: 'r', commit: 'c', id: 42, sha_original: 'f', branch_name: 'b', difficulty: 3, url: 'u', conclusion: 'success' }) + '\n');
  benchscope('import', jobs, '--dataset', 'lca-ci', '--data', out);
  // The same jobs as runs alone: numeric ids name no repository, so nothing to break them down by.
  benchscope('import', jobs, '--dataset', 'lca-ci-alone', '--new-dataset', '--run', 'alone', '--data', out);
  return out;
}

/**
 * A Harbor job as Harbor writes it (a trial per folder: `result.json`, `config.json`, the
 * verifier's test output, the agent's ATIF trajectory), imported: one trial with a partial
 * reward, one that raised, one resolved.
 */
export function harborData() {
  const job = join(tempDir('harbor'), 'jobs', '2026-02-09__00-15-22');
  const trials = [
    { trial: 'grafana-oncall-debug__kFdZhTa', task: 'grafana-oncall-debug', reward: 0.8333, output: 'Running checks\nFAILED tests/test_report.py::test_root_cause - AssertionError: wrong service\n<script>alert(1)</script>\n' },
    { trial: 'astropy__astropy-12907__q1W2e3R', task: 'astropy__astropy-12907', exception: 'AgentTimeoutError' },
    { trial: 'django__django-11099__AbC12xy', task: 'django__django-11099', reward: 1, output: 'PASSED tests/test_x.py::test_a\n' },
  ];
  for (const { trial, task, reward, exception, output } of trials) {
    const dir = join(job, trial);
    mkdirSync(join(dir, 'agent'), { recursive: true });
    mkdirSync(join(dir, 'verifier'), { recursive: true });
    const agent = { name: 'navigator', model_name: 'gemini/gemini-3-flash-preview' };
    const config = { task: { path: `tasks/${task}` }, trial_name: trial, agent };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    writeFileSync(join(dir, 'result.json'), JSON.stringify({
      task_name: task, trial_name: trial, config, started_at: '2026-02-09T08:20:00Z',
      agent_result: { n_input_tokens: 789477, n_output_tokens: 3079, cost_usd: 0.0 },
      verifier_result: reward === undefined ? null : { rewards: { reward } },
      exception_info: exception ? { exception_type: exception, exception_message: 'took 900 s', exception_traceback: 'Traceback' } : null,
    }));
    if (output) writeFileSync(join(dir, 'verifier', 'test-stdout.txt'), output);
    writeFileSync(join(dir, 'agent', 'trajectory.json'), JSON.stringify({
      schema_version: 'ATIF-v1.6', session_id: 's', agent: { name: 'navigator', model_name: 'gemini/gemini-3-flash-preview' },
      steps: [
        { step_id: 1, source: 'user', message: `Solve ${task}` },
        { step_id: 2, source: 'agent', message: [{ type: 'text', text: 'A screenshot first.' }], tool_calls: [{ tool_call_id: 'c1', function_name: 'computer_screenshot', arguments: {} }],
          observation: { results: [{ source_call_id: 'c1', content: [{ type: 'image', source: { media_type: 'image/png', path: 'images/step_2.png' } }] }] } },
      ],
    }));
  }
  const out = join(tempDir('harbor-data'), 'data');
  benchscope('import', job, '--data', out, '--dataset', 'harbor', '--new-dataset');
  return out;
}

/**
 * A Claude Code transcript as `claude -p --output-format stream-json --verbose` prints it (each
 * content block on a line of its own, a subagent's line, the closing result), imported alone: a
 * file read, a command whose output is hostile text, a file edited, the last word; and Codex's
 * transcript and session file, Qwen Code's session file and an OpenCode export, of the same
 * instance.
 */
export function claudeCodeData() {
  const folder = join(tempDir('claude-code'), '20260918_claude-code');
  mkdirSync(folder, { recursive: true });
  const usage = { input_tokens: 4, cache_read_input_tokens: 96, output_tokens: 10 };
  const assistant = (id, block) => ({ type: 'assistant', message: { id, role: 'assistant', model: 'claude-sonnet-4-5', content: [block], usage }, parent_tool_use_id: null, session_id: 's', timestamp: '2026-09-18T15:07:28Z' });
  const answer = (call, content) => ({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: call, content }] }, parent_tool_use_id: null, session_id: 's', timestamp: '2026-09-18T15:07:50Z' });
  const file = '/testbed/astropy/modeling/separable.py';
  const lines = [
    { type: 'system', subtype: 'init', session_id: 's', model: 'claude-sonnet-4-5', claude_code_version: '2.1.276', tools: ['Bash', 'Edit', 'Read'] },
    assistant('m1', { type: 'text', text: 'Let me read `separable.py` first.' }),
    assistant('m1', { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: file } }),
    answer('t1', '1\timport numpy as np\n2\t'),
    assistant('m2', { type: 'tool_use', id: 't2', name: 'Bash', input: { command: 'python -c "print(1)"', description: 'Print' } }),
    { type: 'assistant', message: { id: 'sub', role: 'assistant', content: [{ type: 'text', text: "a subagent's words" }] }, parent_tool_use_id: 't9', session_id: 's' },
    answer('t2', [{ type: 'text', text: '<script>alert(1)</script><img src=x onerror=alert(2)>' }]),
    assistant('m3', { type: 'tool_use', id: 't3', name: 'Edit', input: { file_path: file, old_string: 'cright[-right.shape[0]:, -right.shape[1]:] = 1', new_string: 'cright[-right.shape[0]:, -right.shape[1]:] = right' } }),
    // With the file as it was before, as Claude Code records it beside an edit's result.
    { ...answer('t3', 'The file has been updated.'), tool_use_result: { filePath: file, originalFile: 'import numpy as np\n\n\ndef _cstack(left, right):\n    cright[-right.shape[0]:, -right.shape[1]:] = 1\n' } },
    assistant('m4', { type: 'text', text: 'Fixed: the right matrix is copied.' }),
    { type: 'result', subtype: 'success', is_error: false, duration_ms: 22000, result: 'Fixed.', session_id: 's', total_cost_usd: 0.42, usage: { input_tokens: 16, cache_read_input_tokens: 384, output_tokens: 40 } },
  ];
  writeFileSync(join(folder, 'astropy__astropy-12907.jsonl'), lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  const out = join(tempDir('claude-code-data'), 'data');
  benchscope('import', folder, '--data', out, '--dataset', 'claude', '--new-dataset');
  // The same instance by Codex (`codex exec --json`): a command in its login shell, a file changed.
  const codex = join(tempDir('codex'), '20260920_codex');
  mkdirSync(codex, { recursive: true });
  const completed = (item) => ({ type: 'item.completed', item });
  const codexLines = [
    { type: 'thread.started', thread_id: '019d7c51-7fce-7053-a839-7ef9b554ddb6' },
    { type: 'turn.started' },
    completed({ id: 'item_0', type: 'agent_message', text: 'Running the tests first.' }),
    completed({ id: 'item_1', type: 'command_execution', command: "bash -lc 'python -m pytest astropy/modeling -q'", aggregated_output: '1 failed', exit_code: 1, status: 'completed' }),
    completed({ id: 'item_2', type: 'file_change', changes: [{ path: file, kind: 'update' }], status: 'completed' }),
    { type: 'turn.completed', usage: { input_tokens: 2000, cached_input_tokens: 1500, output_tokens: 90 } },
  ];
  writeFileSync(join(codex, 'astropy__astropy-12907.jsonl'), codexLines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  benchscope('import', codex, '--data', out, '--dataset', 'claude');
  // And by Codex again, as its session file (`~/.codex/sessions/…/rollout-….jsonl`) keeps it: a
  // patch of one file (a diff), a patch of two (a diff of each, hostile text in it), a command.
  const sessions = join(tempDir('codex-sessions'), '20261001_codex-sessions');
  const day = join(sessions, 'astropy__astropy-12907', 'sessions', '2026', '10', '01');
  mkdirSync(day, { recursive: true });
  const item = (payload) => ({ timestamp: '2026-10-01T09:00:00Z', type: 'response_item', payload });
  const onePatch = `*** Begin Patch\n*** Update File: ${file}\n@@ def _cstack(left, right):\n-    cright[-right.shape[0]:, -right.shape[1]:] = 1\n+    cright[-right.shape[0]:, -right.shape[1]:] = right\n*** End Patch\n`;
  const twoPatch = '*** Begin Patch\n*** Update File: README.rst\n@@\n-<b>old</b>\n+<img src=x onerror=alert(3)>\n*** Add File: notes.txt\n+a note\n*** End Patch\n';
  const laterPrompt = 'Now **the docs** too <img src=x onerror=alert(4)>';
  const sessionLines = [
    { timestamp: '2026-10-01T09:00:00Z', type: 'session_meta', payload: { id: '019cb655-7826-7080-b375-f4bd0ec83d54', cwd: '/testbed', cli_version: '0.98.0' } },
    { timestamp: '2026-10-01T09:00:00Z', type: 'event_msg', payload: { type: 'user_message', message: 'Fix the separability matrix.' } },
    { timestamp: '2026-10-01T09:00:00Z', type: 'turn_context', payload: { model: 'gpt-5.3-codex' } },
    item({ type: 'reasoning', summary: [{ type: 'summary_text', text: '**Patching the stack**' }] }),
    item({ type: 'custom_tool_call', name: 'apply_patch', call_id: 'c1', input: onePatch }),
    item({ type: 'custom_tool_call_output', call_id: 'c1', output: 'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess.\n' }),
    item({ type: 'custom_tool_call', name: 'apply_patch', call_id: 'c2', input: twoPatch }),
    item({ type: 'custom_tool_call_output', call_id: 'c2', output: 'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess.\n' }),
    item({ type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'python -m pytest astropy/modeling -q'] }), call_id: 'c3' }),
    item({ type: 'function_call_output', call_id: 'c3', output: JSON.stringify({ output: '2 passed\n', metadata: { exit_code: 0, duration_seconds: 3.5 } }) }),
    // A later prompt, as an item and as an event (hostile text in it), and Codex's answer.
    item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: laterPrompt }] }),
    { timestamp: '2026-10-01T09:00:08Z', type: 'event_msg', payload: { type: 'user_message', message: laterPrompt } },
    item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'The docs say so now.' }] }),
    { timestamp: '2026-10-01T09:00:09Z', type: 'event_msg', payload: { type: 'task_complete' } },
  ];
  writeFileSync(join(day, 'rollout-2026-10-01T09-00-00-019cb655-7826-7080-b375-f4bd0ec83d54.jsonl'), sessionLines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  benchscope('import', sessions, '--data', out, '--dataset', 'claude');
  // And by Qwen Code, its session file as it keeps it (`~/.qwen/projects/<folder>/chats/`): a
  // command whose output is hostile text, an edit with the file before and after, a branch a
  // rewind left behind, a later prompt.
  const qwen = join(tempDir('qwen'), '20261101_qwen-code');
  const chats = join(qwen, 'astropy__astropy-12907', '.qwen', 'projects', '-testbed', 'chats');
  mkdirSync(chats, { recursive: true });
  const record = (uuid, parentUuid, type, fields) => ({ uuid, parentUuid, sessionId: 'e5f6a7b8-4444-4000-8000-000000000011', timestamp: '2026-11-01T10:00:00Z', type, cwd: '/testbed', version: '0.24.7', ...fields });
  const model = (uuid, parent, parts) => record(uuid, parent, 'assistant', { model: 'qwen3-coder-plus', message: { role: 'model', parts }, usageMetadata: { promptTokenCount: 900, candidatesTokenCount: 40 } });
  const returned = (uuid, parent, id, name, output, result) => record(uuid, parent, 'tool_result', { message: { role: 'user', parts: [{ functionResponse: { id, name, response: { output } } }] }, toolCallResult: { callId: id, status: 'success', ...result } });
  const before = 'import numpy as np\n\n\ndef _cstack(left, right):\n    cright[-right.shape[0]:, -right.shape[1]:] = 1\n';
  const edited = { file_path: file, old_string: 'cright[-right.shape[0]:, -right.shape[1]:] = 1', new_string: 'cright[-right.shape[0]:, -right.shape[1]:] = right' };
  const qwenLines = [
    record('u1', null, 'user', { message: { role: 'user', parts: [{ text: 'Fix the separability matrix.' }] } }),
    model('a1', 'u1', [{ text: 'Checking the tests.', thought: true }, { functionCall: { id: 'c1', name: 'run_shell_command', args: { command: 'python -m pytest astropy/modeling -q' } } }]),
    returned('t1', 'a1', 'c1', 'run_shell_command', 'Command: python -m pytest astropy/modeling -q\nOutput: <img src=x onerror=alert(6)> 1 failed\nExit Code: 1'),
    model('a2', 't1', [{ functionCall: { id: 'c2', name: 'edit', args: edited } }]),
    returned('t2', 'a2', 'c2', 'edit', 'The file was edited.', { resultDisplay: { fileDiff: '', fileName: 'separable.py', originalContent: before, newContent: before.replace('= 1\n', '= right\n') } }),
    record('u2', 't2', 'user', { message: { role: 'user', parts: [{ text: 'Rewrite the module.' }] } }),
    model('a3', 'u2', [{ text: 'Rewriting all of it.' }]),
    // Rewound to after the edit.
    record('u3', 't2', 'user', { message: { role: 'user', parts: [{ text: 'Now **the docs** too.' }] } }),
    model('a4', 'u3', [{ text: 'The docs say so now.' }]),
  ];
  writeFileSync(join(chats, 'e5f6a7b8-4444-4000-8000-000000000011.jsonl'), qwenLines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  benchscope('import', qwen, '--data', out, '--dataset', 'claude');
  // And by OpenCode, its session as `opencode export` writes it: a command whose output is
  // hostile text, an edit with the file before and after, a patch in Codex's format, a plan, a
  // later prompt, the error it stopped on.
  const opencode = join(tempDir('opencode'), '20261120_opencode');
  mkdirSync(opencode, { recursive: true });
  const at = 1_795_600_000_000;
  const message = (id, role, created, parts, extra = {}) => ({ info: { id, sessionID: 'ses_5a1b', role, time: { created }, ...extra }, parts });
  const tool = (callID, name, state) => ({ id: `prt_${callID}`, type: 'tool', callID, tool: name, state: { status: 'completed', time: { start: at, end: at + 1500 }, ...state } });
  const filediff = { file, before, after: before.replace('= 1\n', '= right\n'), additions: 1, deletions: 1 };
  const step = { type: 'step-finish', reason: 'tool-calls', cost: 0.02, tokens: { input: 900, output: 40, reasoning: 0, cache: { read: 0, write: 0 } } };
  const exported = {
    info: { id: 'ses_5a1b', version: '1.0.150', directory: '/testbed', title: 'Fix the separability matrix', time: { created: at, updated: at + 60_000 } },
    messages: [
      message('msg_1', 'user', at, [{ type: 'text', text: 'Fix the separability matrix.' }, { type: 'text', synthetic: true, text: 'Called the Read tool' }]),
      message('msg_2', 'assistant', at + 1000, [
        { type: 'reasoning', text: 'Checking the tests.' },
        tool('c1', 'bash', { input: { command: 'python -m pytest astropy/modeling -q', description: 'Runs the tests' }, output: '<img src=x onerror=alert(7)> 1 failed', metadata: { exit: 1 } }),
        tool('c2', 'edit', { input: { filePath: file, oldString: edited.old_string, newString: edited.new_string }, output: '', metadata: { filediff } }),
        tool('c3', 'apply_patch', { input: { patchText: '*** Begin Patch\n*** Add File: notes.txt\n+a note\n*** End Patch' }, output: 'Success.' }),
        tool('c4', 'todowrite', { input: { todos: [{ id: '1', content: 'Fix the matrix', status: 'completed', priority: 'high' }, { id: '2', content: 'Update the docs', status: 'pending', priority: 'low' }] }, output: '[]' }),
        step,
      ], { modelID: 'kimi-k2', providerID: 'moonshot' }),
      message('msg_3', 'user', at + 30_000, [{ type: 'text', text: 'Now **the docs** too.' }]),
      message('msg_4', 'assistant', at + 31_000, [{ type: 'text', text: 'Updating the docs.' }], { modelID: 'kimi-k2', error: { name: 'APIError', data: { message: 'Rate limited' } } }),
    ],
  };
  writeFileSync(join(opencode, 'astropy__astropy-12907.json'), JSON.stringify(exported, null, 2));
  benchscope('import', opencode, '--data', out, '--dataset', 'claude');
  return out;
}

/**
 * A submission as SWE-bench's experiments keep it, its traces in `trajs/` as text no agent's
 * reader knows: a Markdown trace (hostile text in it) and a log, with its verdicts and patches.
 */
export function publishedTracesData() {
  const submission = join(tempDir('traces'), '20240630_agentless_gpt4o');
  mkdirSync(join(submission, 'trajs'), { recursive: true });
  mkdirSync(join(submission, 'results'), { recursive: true });
  writeFileSync(join(submission, 'results', 'results.json'), JSON.stringify({ resolved: ['django__django-11099'], no_generation: [], no_logs: [] }));
  const ids = ['django__django-11099', 'psf__requests-2317'];
  writeFileSync(join(submission, 'all_preds.jsonl'), ids.map((id) => `${JSON.stringify({ instance_id: id, model_name_or_path: 'agentless', model_patch: `diff --git a/${id} b/${id}\n` })}\n`).join(''));
  const markdown = '# Localization\nFound `validators.py` <img src=x onerror=alert(5)>\n\n```python\n# not a heading\n```\n\n# Repair\nUse `\\A` and `\\Z`.\n';
  writeFileSync(join(submission, 'trajs', 'django__django-11099.md'), markdown);
  writeFileSync(join(submission, 'trajs', 'psf__requests-2317.log'), '2024-06-30 INFO prompting\n2024-06-30 INFO builtin_str decoded\n');
  const out = join(tempDir('traces-data'), 'data');
  benchscope('import', submission, '--data', out, '--dataset', 'lite', '--new-dataset');
  return out;
}

/**
 * A board of `runs` runs on `instances` generated instances, in swebench.com's published
 * `leaderboards.json` shape, imported alone: the size of the real boards' future (2,500
 * instances, 500 runs). Run r resolves instance i when its strength beats the instance's
 * difficulty, with a deterministic jitter, so runs differ and some instances split them.
 */
export function scaleBoardData(instances = 2500, runs = 500) {
  let seed = 0x5eed;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const ids = Array.from({ length: instances }, (_, i) => `owner${i % 12}__repo${i % 12}-${10000 + i}`);
  const difficulty = ids.map(() => random());
  const results = [];
  for (let r = 0; r < runs; r += 1) {
    const strength = 0.2 + 0.6 * random();
    const details = {};
    ids.forEach((id, i) => {
      details[id] = { resolved: difficulty[i] + 0.15 * (random() - 0.5) < strength, cost: Math.round(random() * 100) / 100, api_calls: 1 + Math.floor(random() * 60) };
    });
    const month = String(1 + (r % 12)).padStart(2, '0');
    results.push({
      name: `System ${r} (model ${r % 37})`,
      folder: `2025${month}01_system_${r}`,
      date: `2025-${month}-01`,
      resolved: Math.round((Object.values(details).filter((d) => d.resolved).length * 1000) / instances) / 10,
      cost: 100 + r,
      checked: r % 3 === 0,
      os_model: r % 2 === 0,
      os_system: r % 4 === 0,
      tags: [`Model: model-${r % 37}`, `Org: org-${r % 11}`, `System: system-${r % 5}`],
      per_instance_details: details,
    });
  }
  const input = join(tempDir('scale'), 'leaderboards.json');
  writeFileSync(input, JSON.stringify({ leaderboards: [{ name: 'Verified', results }] }));
  const out = join(tempDir('scale-data'), 'data');
  benchscope('import', input, '--data', out);
  return { out, input, instances, runs };
}

/** One instance, `record`, exported as `dataset` and graded as the run `run` from a log of `lines`. */
function gradedInstance(dataset, record, lines, run) {
  const dir = tempDir(dataset);
  writeFileSync(join(dir, `${dataset}.jsonl`), JSON.stringify(record) + '\n');
  const out = join(dir, 'data');
  benchscope('export', join(dir, `${dataset}.jsonl`), '--dataset', dataset, '--out', out, '--quiet');
  const logs = join(dir, 'logs');
  mkdirSync(logs);
  writeFileSync(join(logs, `${record.instance_id}.log`), lines.join('\n') + '\n');
  benchscope('grade', logs, '--data', out, '--dataset', dataset, '--run', run);
  return out;
}

/** An instance whose PASS_TO_PASS list is long enough to fold, graded from a log that fails one
 * test far down it. */
export const LONG_LIST = {
  id: 'pallets__flask-9001',
  failToPass: ['tests/test_long.py::test_new'],
  passToPass: Array.from({ length: 60 }, (_, i) => `tests/test_long.py::test_${String(i).padStart(2, '0')}`),
  failed: 'tests/test_long.py::test_45',
};

export function longListData() {
  const { id, failToPass, passToPass, failed } = LONG_LIST;
  const record = { instance_id: id, repo: 'pallets/flask', problem_statement: 'Many tests.', patch: '', FAIL_TO_PASS: JSON.stringify(failToPass), PASS_TO_PASS: JSON.stringify(passToPass) };
  const lines = [...failToPass, ...passToPass].map((test) => `${test === failed ? 'FAILED' : 'PASSED'} ${test}`);
  return gradedInstance('flask', record, lines, 'night');
}

/** Chart.js's listed tests, and the one its Karma log names failed. */
export const FAIL_ONLY = { id: 'chartjs__Chart.js-1', failToPass: ['Chart.scale draws ticks ', 'Chart.scale rounds '], passToPass: ['Chart.legend wraps ', 'Chart.title fits '], failed: 'Chart.title fits ' };

/** One Chart.js instance graded from its Karma log, which names failed tests alone (the harness grades it fail-only). */
export function failOnlyData() {
  const { id, failToPass, passToPass, failed } = FAIL_ONLY;
  const record = { instance_id: id, repo: 'chartjs/Chart.js', problem_statement: 'Ticks are wrong.', patch: '', FAIL_TO_PASS: JSON.stringify(failToPass), PASS_TO_PASS: JSON.stringify(passToPass) };
  const log = ["+ : '>>>>> Start Test Output'", `Chrome 120.0.6099.109 (Linux x86_64) ${failed}FAILED`, 'TOTAL: 1 FAILED, 3 SUCCESS', "+ : '>>>>> End Test Output'"];
  return gradedInstance('chartjs', record, log, 'karma');
}
