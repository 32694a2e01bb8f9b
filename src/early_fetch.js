// Runs before the wasm, as the page's first script (scripts/content_security_policy.py makes it
// so): asks for the data directory's manifest at once, and as soon as it is here for the index
// shards of the splits the URL opens, so that they arrive while the wasm downloads and compiles.
// The app takes each response from `window.benchscopeEarly` (by the URL it would fetch, see
// `api::fetch_json`) instead of asking again. Which splits the URL opens mirrors
// `sets::selections`; a wrong guess costs a request the app does not use, never a wrong page.
{
  const early = new Map();
  window.benchscopeEarly = early;
  const ask = (url) => {
    const response = fetch(url);
    // The app reports a failed request when it takes it; unhandled here, it would be reported twice.
    response.catch(() => {});
    early.set(url, response);
    return response;
  };
  const openedSplits = (manifest, params) => {
    const datasets = Array.isArray(manifest.datasets) ? manifest.datasets : [];
    const splitsOf = (dataset) => (Array.isArray(dataset?.splits) ? dataset.splits : []);
    const named = (name) => datasets.find((d) => d.name === name);
    const dataset = named(params.get('dataset')) ?? datasets.find((d) => splitsOf(d).some((s) => s.instances > 0));
    const find = (dataset, name) => splitsOf(dataset).find((s) => s.name === name);
    const split = find(dataset, params.get('split')) ?? find(dataset, 'test') ?? splitsOf(dataset)[0];
    const others = params.getAll('with').map((key) => key.split('/')).map(([d, s]) => find(named(d), s));
    return [split, ...others].filter(Boolean);
  };
  try {
    const params = new URLSearchParams(location.search);
    const raw = params.get('data') || 'data/';
    const base = new URL(raw.endsWith('/') ? raw : raw + '/', location.href).href;
    ask(base + 'manifest.json')
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((manifest) => {
        const shards = new Set(openedSplits(manifest ?? {}, params).flatMap((s) => (Array.isArray(s.index_shards) ? s.index_shards : [])));
        for (const path of shards) if (typeof path === 'string') ask(base + path);
      })
      .catch(() => {});
  } catch (_) {}
}
