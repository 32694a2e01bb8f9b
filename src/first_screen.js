// The list's first screen, drawn by the page's first script from the data it fetched, before the
// wasm is even asked for (see src/early_fetch.js, which calls `draw`). A hand-written page draws
// its rows as soon as its data is in; ours waited for a 0.65 MB module to download, compile and
// build the page. The app, once it mounts, replaces this screen in the same task (`leave`, see
// `start` in src/lib.rs), so no frame shows neither.
//
// It mirrors what the app's first frame shows, element for element: the top bar
// (src/app.rs), the dataset picker and view tabs (src/components/nav.rs), the list's toolbar and
// rows (src/pages/list.rs, src/components/row_slot.rs and row_parts.rs, src/row_window.rs), with the facet panel
// still empty, as the app leaves it for a frame (src/components/facets.rs). A browser test
// compares the two screens, so a change to one that the other does not follow fails.
//
// It draws only what it can draw exactly: the list of a plain data directory (no site.json) at
// a URL that chooses datasets and nothing else, whose files all arrived, matched the manifest's
// hashes and parsed. Anything else is left to the app, which shows the page's loading message
// meanwhile. Dataset text goes in as text, never as markup.
{
  const ROW_HEIGHT = 44; // src/row_window.rs
  const OVERSCAN = 8;
  const MIN_LIST_HEIGHT = 320;
  const FORMAT_VERSION = 2; // benchscope_contract::FORMAT_VERSION
  const VIEWS = [
    [null, 'Instances'],
    ['leaderboard', 'Leaderboard'],
    ['analysis', 'Breakdowns', ' and comparison'], // View::label_parts
  ];
  const SORTS = [
    ['repo', 'repository'],
    ['-date', 'newest'],
    ['date', 'oldest'],
    ['-size', 'largest change'],
    ['size', 'smallest change'],
    ['-tests', 'most tests'],
  ];
  const RUN_SORTS = [
    ['-resolved', 'most resolved'],
    ['resolved', 'least resolved'],
  ];
  const CHOOSING = new Set(['data', 'dataset', 'split', 'with']);

  const element = (tag, attributes = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value !== null && value !== undefined) node.setAttribute(name, value);
    }
    node.append(...children.filter((child) => child !== null && child !== undefined));
    return node;
  };
  // A span of `kind` holding `text`; no text node at all when it is empty, as the app writes an
  // empty part of a row (`row_parts`).
  const textSpan = (kind, text) => element('span', { class: kind }, text || null);
  // Rust's order of strings (their UTF-8 bytes), which is their code points' order. JavaScript's
  // `<` compares UTF-16 units, which differs in one case: a surrogate starts a code point past
  // U+FFFF, so it comes after every other unit, U+E000 to U+FFFF included.
  const surrogate = (unit) => unit >= 0xd800 && unit <= 0xdfff;
  const byCodePoint = (a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
      const x = a.charCodeAt(i);
      const y = b.charCodeAt(i);
      if (x === y) continue;
      return surrogate(x) === surrogate(y) ? x - y : surrogate(x) ? 1 : -1;
    }
    return a.length - b.length;
  };
  // Ids in the app's order (`natural_order::natural_cmp`): digit runs by their values, other
  // characters by code point; ids equal but for leading zeros by code point. Each id is sorted by
  // a key in which `<` gives that order: a digit run becomes `0`, its length without leading zeros
  // as one character, and those digits. (A comparison function walking the digits sorted 330 ids
  // in 19 ms in a fresh Node, run once and never optimized; these keys take 1.4 ms.)
  const SURROGATE = /[\uD800-\uDFFF]/;
  const sortKey = (id) => id.replace(/\d+/g, (run) => {
    const digits = run.replace(/^0+/, '');
    return `0${String.fromCharCode(digits.length)}${digits}`;
  });
  const keyed = (id) => {
    const key = sortKey(id);
    return { key, wide: SURROGATE.test(key) };
  };
  const byId = (a, b) => (a.wide || b.wide ? byCodePoint(a.key, b.key) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || byCodePoint(a.id, b.id);
  // What tells names apart: each less the start they all share, when that start ends a word
  // (`wording::distinct_parts`): `swe-bench-lite` and `swe-bench-verified` are `lite` and `verified`.
  const distinct = (names) => {
    const first = [...names[0]];
    let shared = first.length;
    for (const name of names) {
      const chars = [...name];
      let at = 0;
      while (at < shared && at < chars.length && chars[at] === first[at]) at += 1;
      shared = at;
    }
    const cut = /[-_.]$/.test(first.slice(0, shared).join('')) && names.every((name) => [...name].length > shared);
    return cut ? names.map((name) => [...name].slice(shared).join('')) : names;
  };
  const query = (pairs) => {
    const written = new URLSearchParams(pairs).toString();
    return written ? `?${written}` : '';
  };

  // The sets the URL opens, as the app would load them ([dataset, split entry]), or null when
  // the app would do anything but list them (another view, a filter, an unknown name...).
  const openedSets = (manifest, params) => {
    if (manifest.format_version !== FORMAT_VERSION || !Array.isArray(manifest.datasets)) return null;
    const files = Array.isArray(manifest.files) ? manifest.files : [];
    if (files.some((f) => f?.path === 'site.json')) return null;
    const datasets = manifest.datasets;
    const runs = Array.isArray(manifest.runs) ? manifest.runs : [];
    const splitOf = (dataset, name) => (Array.isArray(dataset?.splits) ? dataset.splits.find((s) => s?.name === name) : undefined);
    const named = (name) => datasets.find((d) => d?.name === name);
    // A run of a split no export holds gives the picker an option the app adds.
    if (runs.some((r) => !splitOf(named(r?.dataset), r?.split))) return null;
    const wanted = params.get('dataset');
    const dataset = wanted === null ? datasets.find((d) => d?.splits?.some((s) => s.instances > 0)) : named(wanted);
    const wantedSplit = params.get('split');
    const split = wantedSplit === null ? splitOf(dataset, 'test') ?? dataset?.splits?.[0] : splitOf(dataset, wantedSplit);
    if (!split) return null;
    const opened = [[dataset.name, split]];
    for (const key of params.getAll('with')) {
      const [d, s, extra] = key.split('/');
      const other = splitOf(named(d), s);
      if (extra !== undefined || !other || opened.some(([od, os]) => od === d && os.name === s)) return null;
      opened.push([d, other]);
    }
    const listable = (entry) => entry.instances > 0 && Array.isArray(entry.index_shards) && entry.index_shards.length > 0;
    return opened.every(([, entry]) => listable(entry)) ? opened : null;
  };

  // The rows of each set, from its shards' answers: null unless every file asked for (the
  // shards, and the results matrices whose runs the app would count) arrived whole and matches
  // the manifest's SHA-256, and every shard is an index shard of this version. The app reports
  // any of those faults; the first screen would not.
  const setRows = async (manifest, opened, base, answers) => {
    const hashes = new Map(manifest.files.map((f) => [base + f?.path, f?.sha256]));
    const intact = async ([url, answer]) => {
      const { body, sha256 } = await answer;
      return Boolean(body && sha256 && sha256 === hashes.get(url));
    };
    const shardRows = async (path) => {
      const { body } = await answers.get(base + path);
      const shard = JSON.parse(new TextDecoder().decode(body));
      return shard?.format_version === FORMAT_VERSION && Array.isArray(shard.rows) ? shard.rows : null;
    };
    try {
      const files = [...answers].filter(([url]) => url !== `${base}manifest.json`);
      if (!(await Promise.all(files.map(intact))).every(Boolean)) return null;
      const sets = await Promise.all(opened.map(async ([, split]) => (await Promise.all(split.index_shards.map(shardRows)))));
      if (sets.some((shards) => shards.some((rows) => rows === null))) return null;
      const rows = sets.map((shards) => shards.flat());
      const valid = (row) => typeof row?.id === 'string' && typeof row.repo === 'string' && typeof row.title === 'string';
      return rows.every((list) => list.every(valid)) ? rows : null;
    } catch (_) {
      return null;
    }
  };

  const topBar = () =>
    element('header', { class: 'topbar' }, element('a', { class: 'brand', href: '?' }, 'Benchscope'), element('span', { class: 'tagline' }, 'Explore code-generation benchmarks'));

  const picker = (manifest, opened, withKeys) => {
    const current = `${opened[0][0]}/${opened[0][1].name}`;
    const options = manifest.datasets.flatMap((d) => (d.splits ?? []).map((s) => [`${d.name}/${s.name}`, String(s.instances)]));
    const dataset = element(
      'select',
      { 'aria-label': 'Dataset and split' },
      ...options.map(([value, count]) => element('option', { value, selected: value === current ? '' : null }, `${value} (${count})`)),
    );
    const nav = element('nav', { class: 'dataset-picker' }, element('label', {}, 'Dataset ', dataset));
    if (options.length > 1) {
      const choices = options.filter(([value]) => !withKeys.includes(value) && value !== current);
      const compare = element(
        'select',
        { 'aria-label': 'Load another dataset beside this one' },
        element('option', { value: '' }, 'add a dataset…'),
        ...choices.map(([value, count]) => element('option', { value }, `${value} (${count})`)),
      );
      nav.append(element('label', {}, 'Compare with ', compare));
      for (const key of withKeys) {
        nav.append(element('span', { class: 'loaded-set' }, key, element('button', { 'aria-label': `Remove ${key}`, title: 'Remove' }, '×')));
      }
    }
    return nav;
  };

  // `head`: the URL's pairs as the app writes them (data, dataset, split, then the view, then
  // the sets loaded beside).
  const tabs = (head, withPairs) =>
    element(
      'nav',
      { class: 'view-tabs', 'aria-label': 'Views' },
      ...VIEWS.map(([view, label, rest]) =>
        element('a', { class: 'tab', href: query([...head, ...(view ? [['view', view]] : []), ...withPairs]), 'aria-current': view ? null : 'page' }, label, ...(rest ? [element('span', { class: 'tab-rest' }, rest)] : [])),
      ),
    );

  const toolbar = (count, searchable, hasRuns) =>
    element(
      'div',
      { class: 'toolbar' },
      element('input', {
        class: 'search',
        type: 'search',
        'aria-label': 'Search instances (press / to focus)',
        placeholder: searchable ? 'Search statements, titles, paths, tests  ( / )' : 'Filter by id: no search index here  ( / )',
      }),
      element(
        'label',
        {},
        'Sort ',
        element(
          'select',
          { 'aria-label': 'Sort by' },
          element('option', { value: '' }, 'id'),
          ...[...SORTS, ...(hasRuns ? RUN_SORTS : [])].map(([value, label]) => element('option', { value }, label)),
        ),
      ),
      element('span', { class: 'count', 'aria-live': 'polite' }, `${count} of ${count} instances`),
      element('button', { class: 'filters-toggle', 'aria-controls': 'facet-panel', 'aria-expanded': 'false' }, 'Filters'),
    );

  // Whether the id holds the repository's name, in any ASCII case (`row_slot::names_repo`).
  const asciiLower = (text) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const namesRepo = (id, repo) => {
    const name = asciiLower(repo.split('/').pop());
    return name === '' || asciiLower(id).includes(name);
  };

  // The id's three parts (`row_id::IdParts`): what names the repository, after `owner__name` (in
  // any ASCII case; a repository without its owner, by its name), its separator and a commit's
  // hash with its own; what tells the instance from its repository's others; a last word of one
  // to six characters with its separator.
  const SEPARATOR = /^[-._]$/;
  const afterCommit = (id, at) => {
    const digits = /^[0-9a-fA-F]*/.exec(id.slice(at))[0].length;
    return digits >= 7 && digits <= 40 && SEPARATOR.test(id.charAt(at + digits)) ? at + digits + 1 : null;
  };
  // Where the distinct part starts, and whether a commit's hash comes before it.
  const distinctPartStart = (id, repo) => {
    const whole = [id.length, false];
    const slash = repo.indexOf('/');
    const [owner, name] = [repo.slice(0, slash), repo.slice(slash + 1)];
    if (slash >= 0 && (owner === '' || name === '')) return whole;
    const spelled = slash < 0 ? repo : `${owner}__${name}`;
    if (spelled === '' || asciiLower(id.slice(0, spelled.length)) !== asciiLower(spelled)) return whole;
    if (!SEPARATOR.test(id.charAt(spelled.length))) return whole;
    const commit = afterCommit(id, spelled.length + 1);
    const at = commit ?? spelled.length + 1;
    return at < id.length ? [at, commit !== null] : whole;
  };
  const lastWordStart = (id, from) => {
    const at = Math.max(...['.', '-', '_'].map((separator) => id.lastIndexOf(separator)));
    const length = [...id.slice(at + 1)].length;
    return at > from && length >= 1 && length <= 6 ? at : id.length;
  };
  // The id's link as `row_parts::Parts::draw` writes it (an empty part has no text).
  const idLink = (id, repo, href) => {
    const [distinct, commitHead] = distinctPartStart(id, repo);
    const lastWord = lastWordStart(id, distinct);
    const part = (kind, from, to) => textSpan(kind, id.slice(from, to));
    const parts = [part('id-head', 0, distinct), part('id-middle', distinct, lastWord), part('id-end', lastWord, id.length)];
    return element('a', { class: commitHead ? 'id commit-head' : 'id', href }, ...parts);
  };

  // No count at all: the export has no gold patch, shown as a dash (`row_parts::sizes`).
  const hasSize = (entry) => Object.values(entry.stats ?? {}).some((count) => count > 0);

  // One row as `row_parts::Parts::draw` writes it.
  const row = (entry, position, tag, href) => {
    const stats = entry.stats ?? {};
    const counted = hasSize(entry);
    const repoClass = namesRepo(entry.id, entry.repo) ? 'repo' : 'repo not-in-id';
    // Its owner and the rest from the slash on (`row_id::owner_and_name`).
    const slash = Math.max(entry.repo.indexOf('/'), 0);
    const repo = element(
      'span',
      { class: repoClass },
      tag ? element('span', { class: 'set-tag' }, tag) : null,
      element('span', { class: slash ? 'repo-path' : 'repo-path no-owner' }, textSpan('repo-owner', entry.repo.slice(0, slash)), textSpan('repo-name', entry.repo.slice(slash))),
    );
    const node = element(
      'div',
      { class: position === 0 ? 'instance-row selected' : 'instance-row', role: 'listitem', 'aria-current': position === 0 ? 'true' : null, 'data-id': entry.id },
      idLink(entry.id, entry.repo, href),
      repo,
      element('span', { class: 'title' }, entry.title),
      element('span', { class: 'num files', title: 'files changed' }, counted ? String(stats.files_changed ?? 0) : '—'),
      element('span', { class: 'num' }, element('span', { class: 'plus' }, counted ? `+${stats.lines_added ?? 0}` : ''), ' ', element('span', { class: 'minus' }, counted ? `−${stats.lines_removed ?? 0}` : '')),
    );
    node.style.top = `${position * ROW_HEIGHT}px`;
    return node;
  };

  const list = (opened, rows, head, withPairs, hasRuns) => {
    const several = opened.length > 1;
    const all = rows.flatMap((list, set) => list.map((entry) => ({ entry, set, id: entry.id, ...keyed(entry.id) })));
    // Stable: rows of equal ids stay in their sets' order, as the app's sort keeps them.
    all.sort(byId);
    const inView = Math.ceil(Math.max(window.innerHeight, MIN_LIST_HEIGHT) / ROW_HEIGHT) + 1;
    const keys = opened.map(([dataset, split]) => `${dataset}/${split.name}`);
    // What tells each set apart from the others (`sets::tag_of_set`).
    const same = (values) => values.every((value) => value === values[0]);
    const [datasets, splits] = [opened.map(([dataset]) => dataset), opened.map(([, split]) => split.name)];
    const tags = opened.map((_, set) => (same(datasets) ? splits[set] : same(splits) ? distinct(datasets)[set] : keys[set]));
    const link = (id, set) => query([...head, ...withPairs, ['instance', id], ...(set > 0 ? [['from', keys[set]]] : [])]);
    const shown = all.slice(0, inView + OVERSCAN).map(({ entry, set }, position) => row(entry, position, several ? tags[set] : null, link(entry.id, set)));
    const inner = element('div', { class: 'rows-inner' }, ...shown);
    inner.style.height = `${all.length * ROW_HEIGHT}px`;
    const columns = element('div', { class: 'row-head', 'aria-hidden': 'true' }, ...['Instance', 'Repository', 'Title'].map((t) => element('span', {}, t)), element('span', { class: 'num' }, 'Files'), element('span', { class: 'num' }, '+/−'));
    const searchable = opened.some(([, split]) => split.search);
    // The column of sizes as wide as its widest entry (`widest_sizes` in src/pages/list.rs); no
    // row has a size: the app leaves the size columns out.
    const digits = (count) => String(count ?? 0).length;
    const sizeChars = all.reduce((widest, { entry }) => (hasSize(entry) ? Math.max(widest, 3 + digits(entry.stats.lines_added) + digits(entry.stats.lines_removed)) : widest), 0);
    const sized = sizeChars > 0;
    // The columns no row has anything for are left out, as `results_class` leaves them.
    const without = [[sized, 'no-sizes'], [all.some(({ entry }) => entry.title), 'no-titles'], [all.some(({ entry }) => entry.repo), 'no-repos']];
    const results = element('div', { class: ['results', ...without.filter(([has]) => !has).map(([, name]) => name)].join(' ') }, columns, element('div', { class: 'rows', role: 'list', 'aria-label': 'Instances' }, inner));
    if (sized) results.style.setProperty('--size-chars', String(sizeChars));
    return element(
      'section',
      { class: 'list-page' },
      toolbar(all.length, searchable, hasRuns),
      element(
        'div',
        { class: 'list-body' },
        element('aside', { class: 'facets', id: 'facet-panel', 'aria-label': 'Filters' }),
        results,
      ),
    );
  };

  // A text typed before the app starts is written where the app reads it: the URL's `q`.
  const keepTyped = (box) =>
    box.addEventListener('input', () => {
      const params = new URLSearchParams(location.search);
      if (box.value.trim()) params.set('q', box.value);
      else params.delete('q');
      history.replaceState(history.state, '', query([...params]) || location.pathname);
    });

  // The first screen's controls do what the app's do, by going to the URL the app would write
  // (the app's own navigations push a history entry too): a choice made before the app starts
  // is not lost.
  const goTo = (change) => {
    const params = new URLSearchParams(location.search);
    change(params);
    location.assign(query([...params]) || location.pathname);
  };
  const deleteWhere = (params, key, drop) => {
    const kept = params.getAll(key).filter((value) => !drop(value));
    params.delete(key);
    kept.forEach((value) => params.append(key, value));
  };
  const answerControls = (main) => {
    const [dataset, compare, sort] = ['Dataset and split', 'Load another dataset beside this one', 'Sort by'].map((label) => main.querySelector(`select[aria-label="${label}"]`));
    dataset.addEventListener('change', () => {
      const [name, split] = dataset.value.split('/');
      goTo((params) => {
        params.set('dataset', name);
        params.set('split', split);
        ['f', 'q', 'instance', 'from'].forEach((key) => params.delete(key));
      });
    });
    compare?.addEventListener('change', () => compare.value && goTo((params) => params.append('with', compare.value)));
    for (const remove of main.querySelectorAll('.loaded-set button')) {
      const key = remove.parentElement.firstChild.data;
      remove.addEventListener('click', () =>
        goTo((params) => {
          deleteWhere(params, 'with', (value) => value === key);
          deleteWhere(params, 'f', (value) => value.startsWith('benchmark:') || value.startsWith('split:'));
        }),
      );
    }
    sort.addEventListener('change', () => goTo((params) => (sort.value ? params.set('sort', sort.value) : params.delete('sort'))));
  };
  // The keyboard rule of src/keys.rs, for the search box: `/` from the page focuses it, Esc in it
  // empties it and gives the focus back to the page.
  const answerKeys = (box) => {
    const onKey = (event) => {
      if (!box.isConnected) return document.removeEventListener('keydown', onKey);
      if (event.key === '/' && !event.target.closest?.('input, textarea, select, button, a, summary')) {
        event.preventDefault();
        box.focus();
      } else if (event.key === 'Escape' && event.target === box) {
        box.value = '';
        box.dispatchEvent(new Event('input'));
        box.blur();
      }
    };
    document.addEventListener('keydown', onKey);
  };

  let drawn = [];

  window.benchscopeFirstScreen = {
    // Whether a URL of these `params` may open on a first screen (the manifest decides the rest).
    // Without the browser's SHA-256 (plain HTTP from another host than localhost), never.
    opens: (params) => Boolean(window.crypto?.subtle) && [...params.keys()].every((key) => CHOOSING.has(key)),
    // Draws the first screen for `manifest` at the URL's `params` from `answers` (request URL
    // to the promise of `{ body, sha256 }`); resolves once it has been painted, or as soon as it
    // knows it draws nothing.
    async draw(manifest, params, base, answers) {
      const opened = this.opens(params) ? openedSets(manifest, params) : null;
      if (!opened) return;
      const rows = await setRows(manifest, opened, base, answers);
      if (!rows) return;
      if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
      const head = ['data', 'dataset', 'split'].filter((key) => params.has(key)).map((key) => [key, params.get(key)]);
      const withKeys = params.getAll('with');
      const withPairs = withKeys.map((key) => ['with', key]);
      const [first] = opened;
      const hasRuns = (manifest.runs ?? []).some((r) => r.dataset === first[0] && r.split === first[1].name && r.instances > 0);
      const main = element('main', {}, picker(manifest, opened, withKeys), tabs(head, withPairs), list(opened, rows, head, withPairs, hasRuns));
      drawn = [topBar(), main];
      keepTyped(main.querySelector('input.search'));
      answerKeys(main.querySelector('input.search'));
      answerControls(main);
      for (const node of drawn) node.setAttribute('data-first-screen', '');
      const boot = document.getElementById('boot');
      if (boot) boot.hidden = true;
      document.body.append(...drawn);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    },
    // Takes the first screen out of the page, for the app to mount in its place; returns what
    // puts the reader's focus back: in the app's search box, when the app has built its list
    // (in the tasks that follow its mount: it builds it once its data is read).
    leave() {
      const box = drawn[1]?.querySelector('input.search');
      const focused = box !== undefined && box !== null && document.activeElement === box;
      for (const node of drawn) node.remove();
      drawn = [];
      return () => {
        if (!focused) return;
        const focusBox = () => {
          const search = document.querySelector('input.search');
          search?.focus();
          search?.setSelectionRange(search.value.length, search.value.length);
          return Boolean(search);
        };
        if (focusBox()) return;
        const observer = new MutationObserver(() => focusBox() && observer.disconnect());
        observer.observe(document.body, { childList: true, subtree: true });
        setTimeout(() => observer.disconnect(), 10000);
      };
    },
  };
}
