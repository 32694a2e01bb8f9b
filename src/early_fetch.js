// Runs before the wasm, as the page's first script (scripts/content_security_policy.py makes it
// so): asks for the data directory's manifest at once, and as soon as it is here for the index
// shards and results matrices of the splits the URL opens, so that they are here before the app
// starts. When the URL opens the list, the first screen is drawn from them here (src/first_screen.js)
// and the wasm is asked for only once that screen is painted, or once the manifest says it cannot
// be drawn: fetched and compiled beside the data, it competed with the data and the drawing on
// this machine's two cores (the first rows came 16 ms later, the app's 16 ms sooner: medians of
// 21 alternated loads). Any other URL asks for the wasm at once.
// Each body is read here too. Read by the app, a body came in later tasks, which during the
// load ran after a frame and the app's own start (17 ms for the manifest, as much again for the
// shards): the app waited twice on its way to the first rows. Once every answer is here, the
// app mounts (`benchscopeEarlySettled`, see `start` in src/lib.rs).
// The app takes each answer, `{ status, statusText, body, sha256 }` (the body an ArrayBuffer, or
// null for an error status; its SHA-256 in hex, or null), from `window.benchscopeEarly` by the
// URL it would fetch (see `api::fetch_checked`) instead of asking again. Which splits the URL
// opens mirrors `sets::selections`; a wrong guess costs a request the app does not use, never a
// wrong page.
{
  const early = new Map();
  window.benchscopeEarly = early;
  // The body's SHA-256 in hex, by the browser (see src/integrity.rs), or null where it cannot.
  const sha256 = async (body) => {
    try {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
      return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
    } catch (_) {
      return null;
    }
  };
  const request = (url) => {
    const answer = fetch(url).then(async (response) => {
      const body = response.ok ? await response.arrayBuffer() : null;
      return { status: response.status, statusText: response.statusText, body, sha256: body && (await sha256(body)) };
    });
    // The app reports a failed request when it takes it; unhandled here, it would be reported twice.
    answer.catch(() => {});
    return answer;
  };
  // Files asked for before the manifest named them (see `guessedShards`), by URL.
  const guessed = new Map();
  // Every answer by URL, for the first screen (the app takes its own out of `early`).
  const answers = new Map();
  const ask = (url) => {
    const answer = guessed.get(url) ?? request(url);
    early.set(url, answer);
    answers.set(url, answer);
    return answer;
  };
  // The first index shard of each split the URL names, where the exporter writes it: asked for
  // beside the manifest when the first screen may be drawn, which waits for the shards, so that
  // they do not wait for the manifest's round trip first. A guess the manifest does not list is
  // never read.
  const guessedShards = (params) => {
    const simple = (name) => /^[A-Za-z0-9._-]+$/.test(name) && name !== '.' && name !== '..';
    const dataset = params.get('dataset');
    if (dataset === null) return [];
    const keys = [`${dataset}/${params.get('split') ?? 'test'}`, ...params.getAll('with')];
    return keys.map((key) => key.split('/')).filter((names) => names.length === 2 && names.every(simple)).map(([d, s]) => `index/${d}/${s}/0000.json`);
  };
  // Settles when the wasm may be asked for (see the top of this file).
  let mayFetchWasm;
  const wasmAsked = new Promise((resolve) => { mayFetchWasm = resolve; });
  // Settles when the app's modules may be asked for: with the wasm, or once the first screen's
  // data is in, before it is drawn. Asked for with the page, as the parser met them, they were
  // fetched and compiled while that data came in (first rows 3-6 ms later, medians of 31
  // alternated loads), and asked for with the wasm, the app started 20 ms later.
  let mayFetchModules;
  const modulesAsked = new Promise((resolve) => { mayFetchModules = resolve; });
  wasmAsked.then(mayFetchModules);
  // The splits the URL opens, as [dataset name, split entry].
  const openedSplits = (manifest, params) => {
    const datasets = Array.isArray(manifest.datasets) ? manifest.datasets : [];
    const splitsOf = (dataset) => (Array.isArray(dataset?.splits) ? dataset.splits : []);
    const named = (name) => datasets.find((d) => d.name === name);
    const dataset = named(params.get('dataset')) ?? datasets.find((d) => splitsOf(d).some((s) => s.instances > 0));
    const find = (dataset, name) => splitsOf(dataset).find((s) => s.name === name);
    const split = find(dataset, params.get('split')) ?? find(dataset, 'test') ?? splitsOf(dataset)[0];
    const others = params.getAll('with').map((key) => key.split('/')).map(([d, s]) => [d, find(named(d), s)]);
    return [[dataset?.name, split], ...others].filter(([, split]) => split);
  };
  // A split's results matrix, as the manifest lists it (mirrors `results::is_matrix_path`).
  const safe = (name) => [...String(name)].map((c) => (/[A-Za-z0-9._-]/.test(c) ? c : '_')).join('');
  const matrixOf = (manifest, dataset, split) => {
    const dir = `results/${safe(dataset)}/${safe(split.name)}/`;
    const files = Array.isArray(manifest.files) ? manifest.files : [];
    const name = (path) => path.slice(dir.length);
    return files.map((f) => f?.path).find((path) => typeof path === 'string' && path.startsWith(dir) && name(path).startsWith('matrix-') && !name(path).includes('/'));
  };
  // Every file the first screen of those splits needs: their index shards and results matrices.
  // Whether there is a matrix is left for the app (`benchscopeEarlyMatrix`): it then fetches the
  // code that reads one beside the data (`start` in src/lib.rs).
  const firstFiles = (manifest, params) => {
    const opened = openedSplits(manifest, params);
    const matrices = opened.map(([dataset, split]) => matrixOf(manifest, dataset, split)).filter((path) => typeof path === 'string');
    window.benchscopeEarlyMatrix = matrices.length > 0;
    return [...opened.flatMap(([, split]) => (Array.isArray(split.index_shards) ? split.index_shards : [])), ...matrices];
  };
  try {
    const params = new URLSearchParams(location.search);
    const raw = params.get('data') || 'data/';
    const base = new URL(raw.endsWith('/') ? raw : raw + '/', location.href).href;
    const screen = window.benchscopeFirstScreen;
    if (screen?.opens(params)) guessedShards(params).forEach((path) => guessed.set(base + path, request(base + path)));
    else mayFetchWasm();
    // Settled once every answer is here and the first screen, if one is drawn, painted.
    window.benchscopeEarlySettled = ask(base + 'manifest.json')
      .then((answer) => (answer.body ? JSON.parse(new TextDecoder().decode(answer.body)) : null))
      .then((manifest) => {
        const files = new Set(firstFiles(manifest ?? {}, params).filter((path) => typeof path === 'string'));
        files.forEach((path) => ask(base + path));
        const answered = Promise.allSettled([...answers.values()]);
        answered.then(mayFetchModules);
        const painted = manifest ? screen?.draw(manifest, params, base, answers) : undefined;
        Promise.resolve(painted).finally(mayFetchWasm);
        return Promise.allSettled([answered, painted]);
      })
      .then(() => {}, () => {})
      .finally(mayFetchWasm);
  } catch (_) {
    mayFetchWasm();
  }
  // What the page says when the app's code cannot start (the start script calls it): a wasm
  // that failed to download, or failed the page's integrity hash, is never run.
  // `file`: the one that failed, the wasm unless said; `error`: what the browser said, if anything.
  const named = document.currentScript?.dataset;
  window.benchscopeNotStarted = (error, file = named?.wasm) => {
    const boot = document.getElementById('boot');
    if (!boot || boot.classList.contains('error')) return;
    boot.hidden = false;
    boot.className = 'error';
    boot.setAttribute('role', 'alert');
    const which = file ? `, ${file.replace(/^\.\//, '')},` : '';
    boot.textContent = `Benchscope could not start: its code${which} could not be fetched or did not match the hash the page expects${error ? ` (${error.message ?? error})` : ''}. Reload the page; if this happens again, the site's files are incomplete or were changed after it was built.`;
  };
  // Then the app's own modules: its start script and what that imports (the glue and the wasm's
  // loader), which scripts/content_security_policy.py names in this script's attributes.
  // One that cannot be fetched, or fails its hash, is named by the page: the first that fails
  // (a module the start script imports fails it too).
  modulesAsked.then(() => {
    const added = (element, file) => {
      element.addEventListener('error', () => window.benchscopeNotStarted(null, file));
      document.head.append(element);
    };
    const modules = (named?.modules ?? '').split(' ').filter(Boolean);
    for (let i = 0; i + 1 < modules.length; i += 2) {
      added(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: modules[i], crossOrigin: 'anonymous', integrity: modules[i + 1] }), modules[i]);
    }
    if (named?.start) added(Object.assign(document.createElement('script'), { type: 'module', src: named.start }), named.start);
  });
  // And its wasm, compiled as it downloads; the start script hands the module to the glue
  // (see scripts/content_security_policy.py, which names the file in this script's attributes).
  if (named?.wasm && typeof WebAssembly.compileStreaming === 'function') {
    window.benchscopeWasm = wasmAsked.then(() => WebAssembly.compileStreaming(fetch(named.wasm, { integrity: named.wasmIntegrity ?? '' })));
    window.benchscopeWasm.catch(() => {});
  }
}
