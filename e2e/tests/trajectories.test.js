// Agent trajectories: one real file of every format, two side by side, one opened step by step,
// hostile text in one, and a large one read by chunks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './support.js';
import { useFixtures, server, session, alone, trajs, formats, trajsTwo, bigTraj, TWIN_PARTS_AT, BIG_TRAJ_STEPS, FORMAT_FILES, withoutRealdata, MINI_SWE_AGENT, miniTrajectory } from './context.js';

useFixtures();

/** Every id the (virtual) instance list holds, gathered by scrolling it from top to bottom. */
async function listedIds(page) {
  await page.waitForSelector('.instance-row');
  return page.evaluate(async () => {
    const ids = new Set();
    const first = document.querySelector('.instance-row');
    let scroller = first.parentElement;
    while (scroller && scroller !== document.body && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
    const target = scroller && scroller !== document.body ? scroller : document.scrollingElement;
    for (let top = 0; ; top += Math.max(200, target.clientHeight / 2)) {
      target.scrollTop = top;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      document.querySelectorAll('.instance-row').forEach((row) => ids.add(row.dataset.id));
      if (top >= target.scrollHeight) break;
    }
    target.scrollTop = 0;
    return [...ids];
  });
}

test('a real trajectory of every format opens from its runs panel, step by step as the source file has it', async (t) => {
  if (withoutRealdata(t, formats)) return;
  const { page, errors } = session;
  for (const { file, run, format } of FORMAT_FILES) {
    const stored = JSON.parse(readFileSync(join(formats, 'runs', `${run}.json`), 'utf8')).results[0];
    const trajectory = JSON.parse(readFileSync(join(formats, stored.trajectory.path), 'utf8'));
    assert.equal(trajectory.format, format, file);
    await page.goto(`${server.url}?data=formats/&dataset=formats-${run}&instance=${encodeURIComponent(stored.instance_id)}`);
    const button = page.locator(`tr[data-run="${run}"] button.show-trajectory`);
    await button.waitFor();
    await button.click();
    const steps = page.locator('.trajectory .step');
    await steps.first().waitFor();
    assert.equal(await steps.count(), trajectory.steps.length, file);
    // Every command shown is in the source file as the agent wrote it, or (OpenHands' file
    // actions, shown as `read <path>`) its target is (a zip is checked natively).
    const raw = file.endsWith('.eval') ? null : readFileSync(join(ROOT, '..', 'shared', 'realdata', 'trajectories_formats', file), 'utf8');
    const shown = await steps.evaluateAll((all) =>
      all.map((s) => {
        const action = s.querySelector('pre.action');
        return [action?.textContent ?? '', s.querySelector('.thought')?.textContent ?? '', action?.dataset.form === 'words', action?.querySelectorAll('[class^="tok-"]').length ?? 0];
      }),
    );
    // Words (OpenHands' closing message and thinking) are shown as written, not coloured as a
    // command; an edit's line is plain above its diff.
    const wordsSteps = trajectory.steps.filter((s) => s.action && (s.action_form === 'words' || s.edit)).length;
    if (file.startsWith('openhands')) assert.ok(trajectory.steps.some((s) => s.action_form === 'words'), 'the finish message is words');
    assert.equal(shown.filter(([, , words]) => words).length, wordsSteps, file);
    for (const [i, [action, thought, asWords, tokens]] of shown.entries()) {
      if (asWords) assert.equal(tokens, 0, `${file} step ${i + 1} is not coloured`);
      // SWE-agent's `edit 12:15` shows its command line; its new text is the diff below it.
      const step = trajectory.steps[i];
      assert.equal(action, step.edit && step.tool === 'edit' ? step.action.split('\n')[0] : step.action ?? '', `${file} step ${i + 1}`);
      // A thought is rendered as markdown: its words are all there, in order, its syntax is not.
      assert.deepEqual(words(thought), words(step.thought ?? ''), `${file} step ${i + 1}`);
      const inSource = (text) => raw.includes(JSON.stringify(text).slice(1, -1)) || raw.includes(text);
      if (raw && action) assert.ok(inSource(action) || inSource(action.split(' ').slice(1).join(' ')), `${file} step ${i + 1}: ${action.slice(0, 60)}`);
    }
    // An edit shows as a diff of its file; SWE-agent's `edit` commands too, where the lines
    // they replaced were shown (the real file's applied edits).
    if (file === 'pydicom__pydicom-1458.traj') {
      // Its first thought's backtick spans show as code.
      const spans = [...trajectory.steps[0].thought.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
      assert.ok(spans.length >= 2, 'the first thought names code');
      assert.deepEqual(await steps.nth(0).locator('.thought code').allTextContents(), spans);
      const applied = JSON.parse(raw).trajectory.filter((e) => e.action.startsWith('edit ') && e.observation.startsWith('[File:')).length;
      assert.equal(trajectory.steps.filter((s) => s.edit).length, applied);
      assert.ok(applied >= 2);
    }
    for (const [i, step] of trajectory.steps.entries()) {
      if (!step.edit) continue;
      const card = steps.nth(i).locator('.step-edit details.diff-file');
      assert.equal(await card.getAttribute('data-path'), step.edit.path.replace(/^\/+/, ''), `${file} step ${i + 1}`);
      const added = step.edit.after.split('\n').filter((line) => line && !step.edit.before.split('\n').includes(line));
      if (added.length) assert.ok((await card.textContent()).includes(added[0].trim()), `${file} step ${i + 1}: the added text`);
    }
    // With several tools, one tool's steps alone.
    const tools = [...new Set(trajectory.steps.map((s) => s.tool).filter(Boolean))];
    if (tools.length > 1) {
      const tool = tools[tools.length - 1];
      await page.selectOption('select[aria-label="Show the steps of one tool"]', tool);
      await page.waitForFunction((n) => document.querySelectorAll('.trajectory li.step:not(.hidden)').length === n, trajectory.steps.filter((s) => s.tool === tool).length);
    }
    // OpenHands records when each event happened: the summary gives the wall time, first to last
    // timestamp of the source's events; and the leaderboard, the run's mean tokens per task.
    if (format === 'openhands') {
      const lines = raw.trim().split('\n').map((l) => JSON.parse(l));
      const moments = lines.find((l) => l.instance_id === stored.instance_id).history.map((e) => e.timestamp).filter(Boolean).map((t) => Date.parse(`${t}Z`) / 1000);
      const span = Math.round(Math.max(...moments) - Math.min(...moments));
      const wall = span < 60 ? `${span} s` : span < 3600 ? `${Math.floor(span / 60)} min ${span % 60} s` : `${Math.floor(span / 3600)} h ${Math.floor((span % 3600) / 60)} min`;
      assert.ok((await page.locator('.trajectory-summary').textContent()).includes(`${wall} of wall time`), `${file}: ${wall} of wall time`);
      const tokens = lines.map((l) => l.metrics?.accumulated_token_usage).filter(Boolean).map((u) => (u.prompt_tokens ?? 0) + (u.completion_tokens ?? 0));
      await page.goto(`${server.url}?data=formats/&dataset=formats-${run}&view=leaderboard`);
      const shown = Number(await page.locator(`tr[data-run="${run}"] td[data-col="tokens_mean"]`).textContent());
      const mean = tokens.reduce((a, b) => a + b, 0) / tokens.length;
      assert.ok(Math.abs(shown - mean) <= 0.5, `${file}: ${shown} tokens per task, ${mean} in the source`);
    }
  }
  assert.deepEqual(errors, []);
});

test('two runs\' trajectories of one instance side by side, aligned by step, where they part marked', async (t) => {
  if (withoutRealdata(t, trajsTwo)) return;
  const { page, errors } = session;
  const id = 'astropy__astropy-12907';
  const source = miniTrajectory(id);
  const steps = source.messages.filter((m) => m.role === 'assistant').length;
  await page.goto(`${server.url}?data=trajs-two/&instance=${id}`);
  const verdict = page.locator('.trajectory-compare .compare-verdict');
  await verdict.waitFor();
  assert.equal(await verdict.textContent(), `They part at step ${TWIN_PARTS_AT}.`);
  assert.equal(await page.locator('.aligned-steps tbody tr').count(), steps);
  assert.equal(await page.locator('.aligned-steps tr.diverges').getAttribute('data-step'), String(TWIN_PARTS_AT));
  assert.match(await page.locator('.aligned-steps tr.diverges td').nth(1).textContent(), /echo a different command/);
  // The pair is in the URL: the same run twice acts alike throughout.
  await page.selectOption('select[aria-label="Second trajectory"]', 'mini');
  await page.waitForFunction(() => document.querySelector('.trajectory-compare .compare-verdict')?.textContent === 'They take the same actions throughout.');
  await page.waitForFunction(() => /tcmp=mini&tcmp=mini/.test(location.search));
  assert.deepEqual(errors, []);
});

test('an agent trajectory opens from the runs panel: its steps as the agent took them, long outputs folded, its facts, the list and the analysis sliced by them; an altered file is refused', async (t) => {
  if (withoutRealdata(t, trajs)) return;
  const { page, errors } = session;
  const id = 'astropy__astropy-12907';
  const source = miniTrajectory(id);
  const assistant = source.messages.filter((m) => m.role === 'assistant');
  const block = (text) => (text.match(/```(?:bash|sh|mswea_bash_command)\n([\s\S]*?)```/) ?? [null, ''])[1].trimEnd();
  await page.goto(`${server.url}?data=trajs/&instance=${id}`);
  const button = page.locator('tr[data-run="mini"] button.show-trajectory');
  await button.waitFor();
  assert.equal(await button.textContent(), `${assistant.length} steps`);
  // It reads on one line however narrow a board of long run names squeezes its column.
  assert.equal(await button.evaluate((b) => getComputedStyle(b).whiteSpace), 'nowrap');
  await button.click();
  const steps = page.locator('.trajectory .step');
  await steps.first().waitFor();
  assert.equal(await steps.count(), assistant.length);
  // The agent and the model, as the file's info names them, lead the summary.
  const madeBy = `mini-swe-agent ${source.info.mini_version} · ${source.info.config.model.model_name}`;
  assert.ok((await page.locator('.trajectory-summary').textContent()).startsWith(`${madeBy} · Submitted after ${assistant.length} steps · $0.23 · ran tests`));
  for (const [i, message] of assistant.entries()) {
    const action = block(message.content);
    if (action) assert.equal(await steps.nth(i).locator('pre.action').textContent(), action, `step ${i + 1}`);
  }
  // Commands are highlighted as shell: the first command word of each is coloured as a command.
  for (const [i, message] of assistant.entries()) {
    const word = block(message.content).match(/^\s*([A-Za-z_][\w.\/-]*)(?=\s|$)/)?.[1];
    if (word && !word.includes('=') && !['if', 'for', 'while', 'until', 'case', 'time'].includes(word)) {
      assert.equal(await steps.nth(i).locator('pre.action .tok-bi').first().textContent(), word, `step ${i + 1}`);
    }
  }
  // The first step's output (the whole tree, cut by the agent's harness) is folded to its ends.
  const index = await steps.evaluateAll((all) => all.findIndex((s) => s.querySelector('button.unfold')));
  assert.ok(index >= 0, 'a long output is folded');
  const step = steps.nth(index);
  const label = await step.locator('button.unfold').textContent();
  const hidden = Number(label.match(/\d+/)[0]);
  // The agent itself was shown only that output's ends: the fold says how much it was not shown,
  // as the file counts it, and the output reads without the template's tags.
  const reply = source.messages[source.messages.indexOf(assistant[index]) + 1].content;
  const elided = reply.match(/<elided_chars>\n(\d+) characters elided/)[1];
  assert.ok(label.endsWith(` (among them ${elided} characters the agent was not shown)`), label);
  await step.locator('button.unfold').click();
  await step.locator('pre.observation:not(.folded)').waitFor();
  const whole = await step.locator('pre.observation').textContent();
  assert.ok(whole.split('\n').length >= hidden + 18, 'the rest is there on request');
  assert.ok(whole.includes(`\n[${elided} characters elided]\n`) && !/<\/?(output_head|output_tail|warning|returncode)>/.test(whole), whole.slice(0, 200));
  assert.equal(await page.locator('.trajectory script, .trajectory img').count(), 0, 'agent text is never HTML');
  // The search inside it lists the steps that mention a word, counted here from the stored file;
  // a listed step is a click away and a permalink.
  const stored = JSON.parse(readFileSync(join(trajs, 'runs', 'mini', 'trajectories', `${id}.json`), 'utf8'));
  const mentioning = stored.steps.map((s, i) => [`${s.thought ?? ''}\n${s.action ?? ''}\n${s.observation ?? ''}`.toLowerCase(), i + 1]).filter(([text]) => text.includes('separability')).map(([, n]) => n);
  assert.ok(mentioning.length > 1, 'the word is in several steps');
  await page.fill('input.trajectory-search', 'Separability');
  await page.waitForFunction((n) => document.querySelectorAll('.trajectory li.step.matched').length === n, mentioning.length);
  assert.deepEqual((await page.locator('button.step-match').allTextContents()).map(Number), mentioning);
  const target = mentioning[mentioning.length - 1];
  await page.click(`button.step-match[data-step="${target}"]`);
  await page.waitForURL((u) => u.searchParams.get('step') === String(target) && u.searchParams.get('traj') === 'mini');
  assert.equal(await page.locator('.trajectory li.step.current').getAttribute('data-step'), String(target));
  const permalink = page.url();
  await page.goto(`${server.url}?data=trajs/`);
  await page.goto(permalink);
  const pointed = page.locator(`.trajectory li.step.current[data-step="${target}"]`);
  await pointed.waitFor();
  await page.waitForFunction((n) => {
    const box = document.querySelector(`.trajectory li.step[data-step="${n}"]`).getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  }, target);
  // The leaderboard sums the run's trajectories up: mean steps, counted here from the files.
  const folder = join(MINI_SWE_AGENT, 'trajs');
  const sources = readdirSync(folder).filter((d) => existsSync(join(folder, d, `${d}.traj.json`))).map(miniTrajectory);
  const counts = sources.map((source) => source.messages.filter((m) => m.role === 'assistant').length);
  await page.goto(`${server.url}?data=trajs/&view=leaderboard`);
  const meanSteps = page.locator('tr[data-run="mini"] td[data-col="steps"]');
  await meanSteps.waitFor();
  assert.equal(await meanSteps.textContent(), (counts.reduce((a, b) => a + b, 0) / counts.length).toFixed(1));
  // ... and mean cost per task, from each file's own `instance_cost`.
  const costs = sources.map((source) => source.info.model_stats.instance_cost);
  assert.equal(await page.locator('tr[data-run="mini"] td[data-col="cost_mean"]').textContent(), (costs.reduce((a, b) => a + b, 0) / costs.length).toFixed(3));
  // The run's model and scaffold are the ones most of its files name.
  const tally = (values) => values.reduce((all, v) => ({ ...all, [v]: (all[v] ?? 0) + 1 }), {});
  const models = tally(sources.map((source) => source.info.config.model.model_name));
  const [most] = Object.entries(models).sort((a, b) => b[1] - a[1])[0];
  assert.equal(await page.locator('tr[data-run="mini"] td[data-col="model"]').getAttribute('title'), most);
  assert.equal(await page.locator('tr[data-run="mini"] td[data-col="scaffold"]').getAttribute('title'), `mini-swe-agent ${source.info.mini_version}`);
  // At 390 px the trajectories' figures scroll sideways under a head of two lines at most: only a
  // sorted column's arrow may go under its name (with the names wrapping too, it took four).
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    const head = await page.locator('.leaderboard-table thead tr').first().evaluate((tr) => tr.getBoundingClientRect().height);
    assert.ok(head <= 60, `the board's head is ${head} px tall`);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  // The list slices by the trajectories: how each ended and how many steps it took, counted here
  // from the files; a steps bucket lists exactly its instances.
  const bucket = (n) => (n <= 10 ? '1-10' : n <= 25 ? '11-25' : n <= 50 ? '26-50' : n <= 100 ? '51-100' : '101+');
  const facetCounts = (facet) => page.locator(`section.facet[data-facet="${facet}"] label`).evaluateAll((ls) => Object.fromEntries(ls.map((l) => [l.querySelector('.value').textContent, Number(l.querySelector('.n').textContent)])));
  await page.goto(`${server.url}?data=trajs/&view=instances`);
  await page.locator('details.run-facets').evaluate((group) => { group.open = true; });
  await page.locator('section.facet[data-facet="run mini · exit"]').waitFor();
  assert.deepEqual(await facetCounts('run mini · exit'), tally(sources.map((t) => t.info.exit_status)));
  const buckets = tally(sources.map((t) => bucket(t.messages.filter((m) => m.role === 'assistant').length)));
  assert.deepEqual(await facetCounts('run mini · steps'), buckets);
  assert.deepEqual(await page.locator('section.facet[data-facet="run mini · steps"] .value').allTextContents(), ['1-10', '11-25', '26-50', '51-100', '101+'].filter((b) => buckets[b]), 'buckets small to large');
  const costBucket = (c) => (c < 0.1 ? '< $0.10' : c < 0.25 ? '$0.10-0.25' : c < 0.5 ? '$0.25-0.50' : c < 1 ? '$0.50-1' : c < 2 ? '$1-2' : '$2+');
  const costBuckets = tally(sources.map((t) => costBucket(t.info.model_stats.instance_cost)));
  assert.deepEqual(await facetCounts('run mini · cost'), costBuckets);
  assert.deepEqual(await page.locator('section.facet[data-facet="run mini · cost"] .value').allTextContents(), ['< $0.10', '$0.10-0.25', '$0.25-0.50', '$0.50-1', '$1-2', '$2+'].filter((b) => costBuckets[b]), 'cost buckets cheap to dear');
  // Edited a test file: every trajectory whose commands write into a tests/ folder with a shell
  // redirection (found here by a plain regular expression over the source) is among the "yes".
  const edited = await facetCounts('run mini · edited tests');
  assert.equal(edited.yes + edited.no, sources.length);
  const bashBlocks = (t) => t.messages.filter((m) => m.role === 'assistant').flatMap((m) => [...m.content.matchAll(/```bash\n([\s\S]*?)```/g)].map((b) => b[1]));
  const writesTests = sources.filter((t) => bashBlocks(t).some((b) => /(^|\s)>>?\s*['"]?[\w./-]*\/tests?\/[\w./-]+\.py/m.test(b))).map((t) => t.instance_id);
  assert.ok(writesTests.length > 10, `${writesTests.length} trajectories write into a tests folder`);
  await page.goto(`${server.url}?data=trajs/&view=instances&f=${encodeURIComponent('run mini · edited tests:yes')}`);
  await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of `), edited.yes);
  const yes = new Set(await listedIds(page));
  assert.equal(yes.size, edited.yes);
  assert.deepEqual(writesTests.filter((id) => !yes.has(id)), [], 'every write into a tests folder is an edited test file');
  const [few] = Object.entries(buckets).sort((x, y) => x[1] - y[1]);
  await page.goto(`${server.url}?data=trajs/&view=instances&f=${encodeURIComponent(`run mini · steps:${few[0]}`)}`);
  await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of `), few[1]);
  // The analysis breaks the run's resolved ratio down by its steps and by how it ended: per
  // bucket, the instances from the trajectory files and the resolved ones from the harness's
  // reports beside them.
  const logs = join(MINI_SWE_AGENT, 'logs');
  const resolvedIds = new Set(readdirSync(logs).filter((d) => JSON.parse(readFileSync(join(logs, d, 'report.json'), 'utf8')).resolved));
  for (const [aspect, valueOf] of [['steps', (t) => bucket(t.messages.filter((m) => m.role === 'assistant').length)], ['exit', (t) => t.info.exit_status], ['cost', (t) => costBucket(t.info.model_stats.instance_cost)]]) {
    const expected = {};
    for (const t of sources) {
      const cell = (expected[valueOf(t)] ??= [0, 0]);
      cell[0] += resolvedIds.has(t.instance_id) ? 1 : 0;
      cell[1] += 1;
    }
    await page.goto(`${server.url}?data=trajs/&view=analysis&afacet=${encodeURIComponent(`run mini · ${aspect}`)}`);
    const cells = page.locator('table.by-facet tbody tr');
    await cells.first().waitFor();
    const shown = Object.fromEntries(await cells.evaluateAll((rows) => rows.map((row) => {
      const cell = row.querySelector('td[data-run="mini"]');
      return [row.querySelector('th, td').textContent, [Number(cell.dataset.resolved), Number(cell.dataset.total)]];
    })));
    assert.deepEqual(shown, expected, `resolved by ${aspect}`);
  }
  // Cost against resolved: the files' costs split by the reports' verdicts.
  const costOf = Object.fromEntries(sources.map((t) => [t.instance_id, t.info.model_stats.instance_cost]));
  const spent = (ids) => ids.reduce((sum, i) => sum + costOf[i], 0);
  const resolvedCosts = sources.map((t) => t.instance_id).filter((i) => resolvedIds.has(i));
  const unresolvedCosts = sources.map((t) => t.instance_id).filter((i) => !resolvedIds.has(i));
  const dollars = (v) => `$${v.toFixed(2)}`;
  const costRow = page.locator('.cost-table tr[data-run="mini"]');
  await costRow.waitFor();
  const cell = (col) => costRow.locator(`td[data-col="${col}"]`).textContent();
  assert.equal(await cell('priced'), String(sources.length));
  assert.equal(await cell('total'), dollars(spent(Object.keys(costOf))));
  assert.match(await cell('resolved'), new RegExp(`^\\${dollars(spent(resolvedCosts) / resolvedCosts.length)} / `));
  assert.match(await cell('unresolved'), new RegExp(`^\\${dollars(spent(unresolvedCosts) / unresolvedCosts.length)} / `));
  assert.equal(await cell('per-resolved'), dollars(spent(Object.keys(costOf)) / resolvedCosts.length));
  await costRow.locator('a.by-cost').click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('afacet') === 'run mini · cost');
  // Search across the run's trajectories: per instance, the steps (assistant turns, with the
  // output they got back: inside <output> where the answer has one) holding every word, found
  // here with a plain word split of the files.
  const wordsOf = (text) => new Set(text.toLowerCase().split(/[^\p{L}\p{N}_]+/u).flatMap((w) => {
    const word = w.replace(/^_+|_+$/g, '');
    return word ? [word, ...(word.includes('_') ? word.split('_').filter(Boolean) : [])] : [];
  }));
  for (const query of ['git log', 'ModuleNotFoundError']) {
    const wanted = [...wordsOf(query)];
    const expected = {};
    for (const t of sources) {
      const answer = (m) => (m?.role === 'user' ? /<output>([\s\S]*?)<\/output>/.exec(m.content)?.[1] ?? m.content : '');
      const turns = t.messages.flatMap((m, i) => (m.role === 'assistant' ? [`${m.content}\n${answer(t.messages[i + 1])}`] : []));
      const steps = turns.flatMap((text, i) => (wanted.every((w) => wordsOf(text).has(w)) ? [i + 1] : []));
      if (steps.length) expected[t.instance_id] = steps.join(' ');
    }
    await page.goto(`${server.url}?data=trajs/&view=analysis&tq=${encodeURIComponent(query)}`);
    const hits = page.locator('.trajectory-hits li');
    await hits.first().waitFor();
    const shown = Object.fromEntries(await hits.evaluateAll((lis) => lis.map((li) => [li.dataset.instance, li.dataset.steps])));
    assert.deepEqual(shown, expected, `trajectories holding "${query}"`);
    assert.match(await page.locator('.trajectory-search .count').textContent(), new RegExp(`^${Object.keys(expected).length} instances, `));
  }
  // A step found opens the trajectory there.
  const firstHit = page.locator('.trajectory-hits li').first();
  const [hitInstance, hitStep] = [await firstHit.getAttribute('data-instance'), (await firstHit.getAttribute('data-steps')).split(' ')[0]];
  await firstHit.locator('a.step-hit').first().click();
  await page.locator(`.trajectory li.step.current[data-step="${hitStep}"]`).waitFor();
  assert.equal(new URL(page.url()).searchParams.get('instance'), hitInstance);
  // A run imported before the trajectory index existed says so instead of failing.
  await page.goto(`${server.url}?data=trajs-tampered/&view=analysis&tq=git`);
  await page.locator('.trajectory-search p.hint[role=note]').waitFor();
  assert.match(await page.locator('.trajectory-search p.hint[role=note]').textContent(), /no search index.*Import the run again/);
  // The same file altered after the import: refused, named, and the runs panel stays.
  await page.goto(`${server.url}?data=trajs-tampered/&instance=${id}`);
  await page.locator('tr[data-run="mini"] button.show-trajectory').click();
  const refused = page.locator('tr.trajectory-row [role=alert]');
  await refused.waitFor();
  assert.match(await refused.textContent(), /trajs-tampered\/runs\/mini\/trajectories\/astropy__astropy-12907\.json.*SHA-256/s);
  assert.equal(await page.locator('.trajectory .step').count(), 0);
  assert.ok(await page.locator('tr[data-run="mini"] .verdict').count() === 1, 'the run still shows');
  assert.deepEqual(errors, []);
});

test('hostile text in a trajectory shows as text: markup and scripts inert, terminal colours taken out, a 10 MB line folded to its ends', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=trajs-hostile/&instance=benchscope-demo__tinyconf-12`);
  const button = page.locator('tr[data-run="hostile"] button.show-trajectory');
  await button.waitFor();
  await button.click();
  const steps = page.locator('.trajectory .step');
  await steps.nth(2).waitFor();
  assert.equal(await page.evaluate(() => window.__pwned ?? null), null, 'no script ran');
  assert.equal(await page.locator('.trajectory img, .trajectory script, .trajectory b, .trajectory iframe').count(), 0, 'no markup became an element');
  assert.match(await steps.nth(0).locator('.thought').textContent(), /<script>window\.__pwned = 1<\/script><img src=x/);
  const output = await steps.nth(0).locator('pre.observation').textContent();
  assert.match(output, /<b>bold<\/b>\nred <iframe/);
  assert.doesNotMatch(output, /\u001b|\[31m/, 'the colour codes are gone, their text stays');
  // The 10 MB line: its two ends, 4,000 characters in all, until more is asked for.
  const long = steps.nth(1);
  const shown = () => long.locator('pre.observation').evaluateAll((all) => all.reduce((n, pre) => n + pre.textContent.length, 0));
  assert.ok(await shown() <= 4_000, `shown ${await shown()} characters`);
  const unfold = long.locator('button.unfold');
  assert.match(await unfold.textContent(), /^Show 200000 more characters \(of 99960\d\d\)$/);
  await unfold.click();
  await page.waitForFunction(() => document.querySelectorAll('.trajectory .step')[1].querySelector('pre.observation').textContent.length > 200_000);
  assert.ok(await shown() <= 204_000, 'one click adds 200,000 characters, not the whole line');
  // The in-trajectory search still finds a step by its text, colour codes aside.
  await page.fill('.trajectory input[type=search]', 'red <iframe');
  await page.locator('.trajectory .step.matched').first().waitFor();
  assert.equal(await page.locator('.trajectory .step.matched').count(), 1);
  assert.deepEqual(errors, []);
});

test('a large trajectory opens from its first chunk, keeps only the steps in view (and a screenful either side) in the page while scrolled, and its permalinks and search reach any step', async () => {
  const { page, errors, requests } = session;
  const source = JSON.parse(readFileSync(bigTraj.file, 'utf8'));
  const commands = source.messages.filter((m) => m.role === 'assistant').map((m) => /```bash\n([\s\S]*?)\n```/.exec(m.content)[1]);
  assert.equal(commands.length, BIG_TRAJ_STEPS);
  const stored = JSON.parse(readFileSync(join(bigTraj.out, 'runs', 'big', 'trajectories', 'big__repo-1.json'), 'utf8'));
  assert.ok(stored.more_steps.length >= 3, `stored as a head and ${stored.more_steps.length} chunks`);
  const inPage = () => page.locator('.trajectory li.step').evaluateAll((steps) => steps.map((s) => Number(s.dataset.step)));
  // Every step in the page is within a screenful of the view.
  const farthest = () => page.locator('.trajectory li.step').evaluateAll((steps) => Math.max(0, ...steps.map((s) => {
    const box = s.getBoundingClientRect();
    return Math.max(-box.bottom, box.top - window.innerHeight) / window.innerHeight;
  })));
  const actionOf = (n) => page.locator(`.trajectory li.step[data-step="${n}"] pre.action`).textContent();
  // Opened: the first steps, from the head and at most the first chunk.
  requests.length = 0;
  await page.goto(`${bigTrajectoryUrl()}`);
  await page.locator('tr[data-run="big"] button.show-trajectory').click();
  await page.locator('.trajectory li.step[data-step="1"] pre.action').waitFor();
  await page.waitForTimeout(100);
  const first = await inPage();
  assert.deepEqual(first, Array.from({ length: first.length }, (_, i) => i + 1), 'the first steps, in order');
  assert.ok(first.length < 40, `${first.length} steps in the page`);
  assert.ok(await farthest() <= 1.05, 'none more than a screenful from the view');
  assert.equal(await actionOf(1), commands[0]);
  const chunksFetched = () => requests.filter((url) => /\/steps-\d+\.json$/.test(url)).length;
  assert.ok(chunksFetched() < stored.more_steps.length, `${chunksFetched()} of ${stored.more_steps.length} chunks fetched for the first steps`);
  // Scrolled to the end: every step passes through the page, only those near the view at once.
  const met = new Set();
  let most = 0;
  let worst = 0;
  for (let i = 0; i < 2000 && !met.has(BIG_TRAJ_STEPS); i += 1) {
    await page.evaluate(() => window.scrollBy(0, 600));
    await page.waitForTimeout(20);
    const now = await inPage();
    now.forEach((n) => met.add(n));
    most = Math.max(most, now.length);
    worst = Math.max(worst, await farthest());
  }
  assert.equal(met.size, BIG_TRAJ_STEPS, 'every step was in the page on the way');
  assert.ok(most < 60, `${most} steps in the page at most`);
  assert.ok(worst <= 1.5, `a step ${worst.toFixed(2)} screens from the view`);
  await page.locator(`.trajectory li.step[data-step="${BIG_TRAJ_STEPS}"] pre.action`).waitFor();
  assert.equal(await actionOf(BIG_TRAJ_STEPS), commands[BIG_TRAJ_STEPS - 1]);
  // A permalink deep in it opens there, with only the steps around it in the page.
  await page.goto(`${bigTrajectoryUrl()}&traj=big&step=350`);
  const pointed = page.locator('.trajectory li.step.current[data-step="350"]');
  await pointed.waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('.trajectory li.step[data-step="350"]').getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  });
  assert.equal(await actionOf(350), commands[349]);
  assert.ok((await inPage()).length < 60);
  assert.ok(!(await inPage()).includes(1), 'the first steps are not in the page');
  // The search reads every chunk: a phrase of the last step's thought finds it, and its button
  // brings it into view.
  await page.goto(`${bigTrajectoryUrl()}&traj=big`);
  await page.locator('.trajectory li.step').first().waitFor();
  await page.fill('input.trajectory-search', `step ${BIG_TRAJ_STEPS - 1}, look`);
  await page.waitForFunction(() => document.querySelector('.step-matches')?.textContent.startsWith('1 step matches'));
  await page.locator('button.step-match').click();
  await page.locator(`.trajectory li.step[data-step="${BIG_TRAJ_STEPS}"]`).waitFor();
  assert.deepEqual(errors, []);
});

function bigTrajectoryUrl() {
  return `${server.url}?data=big-traj/&instance=big__repo-1`;
}

/** The words of a text, in order: what a thought's markdown rendering keeps of its source. */
function words(text) {
  return text.match(/[\p{L}\p{N}_]+/gu) ?? [];
}

test("a Harbor job: each trial's verdict from its reward (a partial one beside it), its test log as text, its ATIF trajectory with an image as its path", async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=harbor/&instance=grafana-oncall-debug`);
  const row = page.locator('.runs-table tr[data-run]');
  await row.first().waitFor();
  assert.equal(await row.count(), 1);
  assert.equal(await row.locator('.verdict').textContent(), 'unresolved · reward\u00a00.83', 'a name and its value never part');
  assert.equal(await row.locator('.mode-name').textContent(), 'AssertionError', "the first exception in the verifier's output");
  await row.locator('.show-log').click();
  await page.waitForSelector('tr.test-log .log-view');
  const whole = page.locator('tr.test-log .show-more');
  if (await whole.count()) await whole.click();
  assert.match(await page.locator('tr.test-log pre.log').textContent(), /wrong service\n<script>alert\(1\)<\/script>/);
  assert.equal(await page.locator('tr.test-log script').count(), 0, 'the log is text');
  await row.locator('button.show-trajectory').click();
  const step = page.locator('.trajectory .step').first();
  await step.waitFor();
  assert.match(await step.locator('.thought').textContent(), /A screenshot first\./);
  assert.equal(await step.locator('pre.observation').textContent(), '[image: images/step_2.png]');
  // The trial that raised counts as unresolved, its exception its failure mode.
  await page.goto(`${server.url}?data=harbor/&instance=astropy__astropy-12907`);
  await page.locator('.runs-table tr[data-run]').first().waitFor();
  assert.equal(await page.locator('.runs-table tr[data-run] .verdict').textContent(), 'unresolved');
  assert.equal(await page.locator('.runs-table tr[data-run] .mode-name').textContent(), 'AgentTimeoutError');
  // A resolved trial's reward shows beside its verdict too.
  await page.goto(`${server.url}?data=harbor/&instance=django__django-11099`);
  await page.locator('.runs-table tr[data-run]').first().waitFor();
  assert.equal(await page.locator('.runs-table tr[data-run] .verdict').textContent(), 'resolved · reward\u00a01.0');
  assert.deepEqual(errors, []);
});

test("a Harbor job's analysis: its rewards, shares of 1, drawn on an axis to 1, and its tasks with no repository under (none)", async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=harbor/&view=analysis`);
  await page.waitForFunction(() => document.querySelectorAll('.metrics-section img.chart[src^="data:"]').length === 2);
  // grafana-oncall-debug is one of Harbor's own tasks: no repository, a group a reader can name.
  assert.equal(await page.locator('.breakdown-table tr[data-value=""] th').first().textContent(), '(none)');
  assert.equal(await page.locator('.metrics-table').nth(1).locator('tr[data-value=""] th').textContent(), '(none)', 'the row keeps its value, the empty one, in data-value');
  assert.equal(await page.locator('.metrics-table').first().locator('tr[data-value="reward"] td').textContent(), '0.92');
  // Each chart's tallest bar: a mean reward of 0.92 (1.00 on django) fills most of the plot, not 1% of an axis to 100.
  const tallest = await page.locator('.metrics-section img.chart').evaluateAll((imgs) => imgs.map((img) => {
    const svg = decodeURIComponent(img.src);
    const heights = [...svg.matchAll(/<rect x="\d+" y="\d+" width="(\d+)" height="(\d+)" opacity="1" fill="#[0-9A-F]{6}"/g)].map(([, w, h]) => [Number(w), Number(h)]);
    return Math.max(...heights.filter(([w, h]) => !(w === 10 && h === 10)).map(([, h]) => h));
  }));
  assert.ok(tallest.every((h) => h > 150), `bars drawn to a scale of shares: ${tallest}`);
  await page.goto(`${server.url}?data=harbor/&view=instances`);
  await page.waitForSelector('section.facet[data-facet="repo"] label');
  assert.deepEqual(await page.locator('section.facet[data-facet="repo"] .value').allTextContents(), ['(none)', 'astropy/astropy', 'django/django']);
  // The run's facets are headed by its name, as its leaderboard row and the charts call it, its id in the tip.
  const id = '2026-02-09__00-15-22.navigator.gemini-gemini-3-flash-preview';
  const runFacet = page.locator(`section.facet[data-facet="run ${id}"] h4`);
  assert.equal(await runFacet.textContent(), 'Run: navigator · gemini/gemini-3-flash-preview');
  assert.equal(await runFacet.getAttribute('title'), id);
  assert.equal(await page.locator(`section.facet[data-facet="run ${id} · steps"] h4`).textContent(), 'Run: navigator · gemini/gemini-3-flash-preview · steps');
  await page.goto(`${server.url}?data=harbor/&view=analysis&afacet=${encodeURIComponent(`run ${id} · steps`)}`);
  await page.waitForSelector('.breakdown-table.by-facet tbody tr');
  assert.equal(await page.locator('select[aria-label="Facet to break down by"] option:checked').textContent(), 'Run: navigator · gemini/gemini-3-flash-preview · steps');
  assert.equal(await page.locator('.breakdown-table.by-facet thead th').first().textContent(), 'Run: navigator · gemini/gemini-3-flash-preview · steps');
  assert.deepEqual(errors, []);
});

test("agents' transcripts: Claude Code's calls as steps (a file read, a command, an edit as a diff), its subagent left out, its output as text; Codex's commands and file changes, and its session file's patches", async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=claude-code/&instance=astropy__astropy-12907`);
  const row = page.locator('.runs-table tr[data-run="20260918_claude-code"]');
  await row.waitFor();
  await row.locator('button.show-trajectory').click();
  const steps = page.locator('.trajectory .step');
  await steps.first().waitFor();
  assert.equal(await steps.count(), 4);
  assert.match(await steps.nth(0).locator('.thought').textContent(), /Let me read separable\.py first\./);
  assert.equal(await steps.nth(0).locator('pre.action').textContent(), 'Read /testbed/astropy/modeling/separable.py');
  assert.equal(await steps.nth(1).locator('pre.action').textContent(), 'python -c "print(1)"');
  // A call names its tool, coloured as a command's name; a shell command is highlighted as shell.
  assert.equal(await steps.nth(0).locator('pre.action').getAttribute('data-form'), 'call');
  assert.deepEqual(await steps.nth(0).locator('pre.action [class^="tok-"]').allTextContents(), ['Read']);
  assert.equal(await steps.nth(1).locator('pre.action').getAttribute('data-form'), 'command');
  assert.deepEqual(await steps.nth(1).locator('pre.action [class^="tok-"]').allTextContents(), ['python', '"print(1)"']);
  assert.equal(await steps.nth(1).locator('pre.observation').textContent(), '<script>alert(1)</script><img src=x onerror=alert(2)>');
  assert.equal(await page.locator('.trajectory script, .trajectory img').count(), 0, 'the output is text');
  assert.match(await steps.nth(2).locator('.step-edit').textContent(), /cright\[-right\.shape\[0\]:, -right\.shape\[1\]:\] = right/);
  assert.match(await steps.nth(2).locator('.step-edit').textContent(), /@@ -5(,1)? \+5(,1)? @@/, 'numbered from the file line it replaced');
  assert.equal(await steps.nth(2).locator('.hunk-ranges').isVisible(), true);
  assert.match(await steps.nth(3).locator('.thought').textContent(), /Fixed: the right matrix is copied\./);
  assert.doesNotMatch(await page.locator('.trajectory').textContent(), /a subagent's words/);
  // Codex's run of the same instance: its command out of its login shell, the file it changed.
  await page.goto(`${server.url}?data=claude-code/&instance=astropy__astropy-12907&traj=20260920_codex`);
  const codex = page.locator('.trajectory .step');
  await codex.first().waitFor();
  assert.equal(await codex.count(), 2);
  assert.match(await codex.nth(0).locator('.thought').textContent(), /Running the tests first\./);
  assert.equal(await codex.nth(0).locator('pre.action').textContent(), 'python -m pytest astropy/modeling -q');
  assert.equal(await codex.nth(1).locator('pre.action').textContent(), 'update /testbed/astropy/modeling/separable.py');
  // Codex's session file: a patch of one file as its diff, a patch of two as written (its
  // text never markup, never highlighted as shell), a command in words out of its shell.
  await page.goto(`${server.url}?data=claude-code/&instance=astropy__astropy-12907&traj=20261001_codex-sessions`);
  const sessionSteps = page.locator('.trajectory .step');
  await sessionSteps.first().waitFor();
  assert.equal(await sessionSteps.count(), 5);
  assert.match(await sessionSteps.nth(0).locator('.thought').textContent(), /Patching the stack/);
  assert.match(await sessionSteps.nth(0).locator('.step-edit').textContent(), /cright\[-right\.shape\[0\]:, -right\.shape\[1\]:\] = right/);
  // Each hunk headed by the place Codex gave it; where its file's lines are not recorded, the
  // diff is not numbered from 1.
  assert.match(await sessionSteps.nth(0).locator('tr.hunk-header').first().textContent(), /def _cstack\(left, right\):/);
  assert.equal(await sessionSteps.nth(0).locator('.step-edit.unnumbered').count(), 1);
  assert.equal(await sessionSteps.nth(0).locator('.hunk-ranges').isVisible(), false);
  assert.equal(await sessionSteps.nth(0).locator('tr.del td.ln').first().evaluate((cell) => getComputedStyle(cell).fontSize), '0px', 'no line number shown');
  // A patch of two files: its header lines, then a diff of each, unnumbered.
  const patch = sessionSteps.nth(1).locator('pre.action');
  assert.equal(await patch.textContent(), '*** Update File: README.rst\n*** Add File: notes.txt');
  assert.equal(await patch.locator('span').count(), 0, 'a patch is not highlighted as a command');
  const cards = sessionSteps.nth(1).locator('.step-edit.unnumbered .diff-file');
  assert.equal(await cards.count(), 2);
  assert.match(await cards.nth(0).textContent(), /README\.rst.*<img src=x onerror=alert\(3\)>/s, 'its text as text');
  assert.match(await cards.nth(1).textContent(), /notes\.txt.*a note/s);
  assert.equal(await page.locator('.trajectory img').count(), 0, 'the patch is text');
  assert.equal(await sessionSteps.nth(2).locator('pre.action').textContent(), 'python -m pytest astropy/modeling -q');
  // A later prompt, once though Codex records it twice: the person's words as markdown, its
  // markup text, apart from the agent's words after it.
  const prompt = sessionSteps.nth(3).locator('.prompt');
  assert.equal(await prompt.locator('.prompt-by').textContent(), 'Prompt');
  assert.equal(await prompt.locator('strong').textContent(), 'the docs');
  assert.match(await prompt.textContent(), /too <img src=x onerror=alert\(4\)>/);
  assert.equal(await sessionSteps.nth(3).locator('.thought, pre.action').count(), 0);
  assert.equal(await sessionSteps.nth(4).locator('.thought').textContent(), 'The docs say so now.');
  assert.match(await page.locator('.trajectory').textContent(), /Codex 0\.98\.0/);
  // Their board says why no run is ranked by a percentage.
  await page.goto(`${server.url}?data=claude-code/&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  assert.match(await page.locator('.leaderboard .note').first().textContent(), /^No run here has a verdict yet \(its source holds none, as an agent's trajectories alone do\)/);
  assert.deepEqual(errors, []);
});

test("Qwen Code's session file: its calls answered, an edit as its diff in its file, a command's exit code, the branch a rewind left out, a later prompt", async () => {
  const { page, errors } = session;
  errors.length = 0;
  await page.goto(`${server.url}?data=claude-code/&instance=astropy__astropy-12907&traj=20261101_qwen-code`);
  const steps = page.locator('.trajectory .step');
  await steps.first().waitFor();
  assert.equal(await steps.count(), 4);
  assert.match(await steps.nth(0).locator('.thought').textContent(), /Checking the tests\./);
  assert.equal(await steps.nth(0).locator('pre.action').textContent(), 'python -m pytest astropy/modeling -q');
  assert.match(await steps.nth(0).locator('pre.observation').textContent(), /<img src=x onerror=alert\(6\)> 1 failed/);
  assert.equal(await steps.nth(0).locator('.exit-code').textContent(), 'exit 1');
  assert.match(await steps.nth(1).locator('.step-edit').textContent(), /cright\[-right\.shape\[0\]:, -right\.shape\[1\]:\] = right/);
  assert.match(await steps.nth(1).locator('.step-edit').textContent(), /@@ -2,4 \+2,4 @@/, 'placed in its file: line 5 and three before it');
  assert.equal(await steps.nth(2).locator('.prompt strong').textContent(), 'the docs');
  assert.equal(await steps.nth(3).locator('.thought').textContent(), 'The docs say so now.');
  const shown = await page.locator('.trajectory').textContent();
  assert.doesNotMatch(shown, /Rewrite the module|Rewriting all of it/, 'the branch a rewind left behind');
  assert.match(shown, /Qwen Code 0\.24\.7/);
  assert.equal(await page.locator('.trajectory img').count(), 0, 'the output is text');
  assert.deepEqual(errors, []);
});

test("OpenCode's export: its calls with their output and exit code, an edit as its diff in its file, a patch as its diff, a plan, a later prompt, the error it stopped on", async () => {
  const { page, errors } = session;
  errors.length = 0;
  await page.goto(`${server.url}?data=claude-code/&instance=astropy__astropy-12907&traj=20261120_opencode`);
  const steps = page.locator('.trajectory .step');
  await steps.first().waitFor();
  assert.equal(await steps.count(), 7);
  assert.match(await steps.nth(0).locator('.thought').textContent(), /Checking the tests\./);
  assert.equal(await steps.nth(0).locator('pre.action').textContent(), 'python -m pytest astropy/modeling -q');
  assert.match(await steps.nth(0).locator('pre.observation').textContent(), /<img src=x onerror=alert\(7\)> 1 failed/);
  assert.equal(await steps.nth(0).locator('.exit-code').textContent(), 'exit 1');
  assert.match(await steps.nth(1).locator('.step-edit').textContent(), /cright\[-right\.shape\[0\]:, -right\.shape\[1\]:\] = right/);
  assert.match(await steps.nth(1).locator('.step-edit').textContent(), /@@ -2,4 \+2,4 @@/, 'placed in its file');
  assert.match(await steps.nth(2).locator('.step-edit .diff-file').textContent(), /notes\.txt.*a note/s, "Codex's patch format as a diff");
  assert.match(await steps.nth(3).locator('.thought').textContent(), /Fix the matrix.*Update the docs/s);
  assert.equal(await steps.nth(4).locator('.prompt strong').textContent(), 'the docs');
  assert.equal(await steps.nth(5).locator('.thought').textContent(), 'Updating the docs.');
  assert.equal(await steps.nth(6).locator('.thought').textContent(), 'OpenCode stopped: Rate limited');
  const shown = await page.locator('.trajectory').textContent();
  assert.match(shown, /OpenCode 1\.0\.150/);
  assert.doesNotMatch(shown, /Called the Read tool/, "the text OpenCode attached is not the person's");
  assert.equal(await page.locator('.trajectory img').count(), 0, 'the output is text');
  assert.deepEqual(errors, []);
});

test('a trace published as text in a submission\'s trajs/ reads as its steps, its text never markup', async () => {
  const { page, errors } = session;
  errors.length = 0;
  await page.goto(`${server.url}?data=traces/&instance=django__django-11099&traj=20240630_agentless_gpt4o`);
  const steps = page.locator('.trajectory .step');
  await steps.first().waitFor();
  // A step at each heading, the code block's comment not one; shown as Markdown (its headings
  // under the page's own).
  assert.equal(await steps.count(), 2);
  assert.equal(await steps.nth(0).locator('.thought h3').textContent(), 'Localization');
  assert.match(await steps.nth(0).locator('.thought').textContent(), /<img src=x onerror=alert\(5\)>/);
  assert.match(await steps.nth(0).locator('.thought pre').textContent(), /# not a heading/);
  assert.equal(await steps.nth(1).locator('.thought h3').textContent(), 'Repair');
  assert.equal(await page.locator('.trajectory img').count(), 0);
  assert.match(await page.locator('.trajectory-summary').textContent(), /after 2 steps · a trace in words, no action recorded$/);
  // A log: as it is, in the step's output.
  await page.goto(`${server.url}?data=traces/&instance=psf__requests-2317&traj=20240630_agentless_gpt4o`);
  await steps.first().waitFor();
  assert.equal(await steps.first().locator('pre.observation').textContent(), '2024-06-30 INFO prompting\n2024-06-30 INFO builtin_str decoded');
  assert.deepEqual(errors, []);
});
