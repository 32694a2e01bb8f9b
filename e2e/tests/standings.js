// An independent implementation of the leaderboard's statistics, for the browser tests to check
// the page against: McNemar's exact test, Holm's correction, and the paired bootstrap of ranks
// with the same specified generator (SplitMix64) and seed.

/** Two-sided exact McNemar p-value for b and c discordant pairs. */
export function mcnemar(b, c) {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  let tail = 0;
  let lnChoose = 0;
  for (let i = 0; i <= k; i += 1) {
    if (i > 0) lnChoose += Math.log(n - i + 1) - Math.log(i);
    tail += Math.exp(lnChoose - n * Math.LN2);
  }
  return Math.min(2 * tail, 1);
}

/** Holm's step-down adjustment. */
export function holm(ps) {
  const order = ps.map((p, i) => [p, i]).sort((a, b) => a[0] - b[0]);
  const out = new Array(ps.length);
  let running = 0;
  order.forEach(([p, i], rank) => {
    running = Math.max(running, Math.min((ps.length - rank) * p, 1));
    out[i] = running;
  });
  return out;
}

/** Compares ids with digit runs as numbers, as the contract's natural_cmp does. */
export function naturalCompare(a, b) {
  const pieces = (s) => s.match(/\d+|\D+/g) ?? [];
  const [x, y] = [pieces(a), pieces(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const digits = /^\d/.test(x[i]) && /^\d/.test(y[i]);
    let order;
    if (digits) {
      const [p, q] = [x[i].replace(/^0+/, ''), y[i].replace(/^0+/, '')];
      order = p.length - q.length || (p < q ? -1 : p > q ? 1 : 0);
    } else {
      order = x[i] < y[i] ? -1 : x[i] > y[i] ? 1 : 0;
    }
    if (order !== 0) return order;
  }
  return x.length - y.length;
}

const MASK = (1n << 64n) - 1n;

function splitmix(seed) {
  let state = BigInt(seed);
  return {
    below(n) {
      state = (state + 0x9e3779b97f4a7c15n) & MASK;
      let z = state;
      z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
      z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
      z ^= z >> 31n;
      return Number(((z >> 32n) * BigInt(n)) >> 32n);
    },
  };
}

/**
 * Standings of runs (`{id, solved: Set}`) over `ids`: rank, group and 95% rank interval, as the
 * page's method sentence describes them.
 */
export function standings(runs, ids, seed = 0x5eed2026, alpha = 0.05) {
  const judged = runs.map((r) => ({ id: r.id, solved: ids.map((id) => r.solved.has(id)) }));
  const count = (r) => r.solved.filter(Boolean).length;
  judged.sort((a, b) => count(b) - count(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const raw = [];
  for (let i = 1; i < judged.length; i += 1) {
    let [b, c] = [0, 0];
    judged[i - 1].solved.forEach((s, k) => { if (s && !judged[i].solved[k]) b += 1; if (!s && judged[i].solved[k]) c += 1; });
    raw.push(mcnemar(b, c));
  }
  const adjusted = holm(raw);
  const resamples = Math.min(Math.max(Math.floor(50_000_000 / Math.max(judged.length * ids.length, 1)), 200), 1000);
  const rng = splitmix(seed);
  const n = ids.length;
  const ranks = judged.map(() => []);
  const at = judged.map((r) => r.solved.flatMap((s, i) => (s ? [i] : [])));
  for (let b = 0; b < resamples; b += 1) {
    const weights = new Uint32Array(n);
    for (let i = 0; i < n; i += 1) weights[rng.below(n)] += 1;
    const scores = at.map((list) => list.reduce((sum, i) => sum + weights[i], 0));
    scores.forEach((score, r) => ranks[r].push(1 + scores.filter((s) => s > score).length));
  }
  const counts = judged.map(count);
  let group = 1;
  return judged.map((r, i) => {
    if (i > 0 && adjusted[i - 1] < alpha) group += 1;
    const sorted = ranks[i].sort((x, y) => x - y);
    const q = (p) => sorted[Math.min(Math.round(p * (sorted.length - 1)), sorted.length - 1)];
    return { id: r.id, rank: 1 + counts.filter((c) => c > counts[i]).length, group, interval: [q(0.025), q(0.975)] };
  });
}
