// `npm test`: builds the tests' data directories once (tests/context.js), then runs every test
// file against them, one file at a time; the directories are removed when it exits. Arguments go
// to `node --test` (e.g. `npm test -- --test-name-pattern=leaderboard`).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFixtures } from './tests/context.js';
import { tempDir } from './tests/support.js';

const fixtures = join(tempDir('fixtures'), 'fixtures.json');
writeFileSync(fixtures, JSON.stringify(buildFixtures()));
const { status, signal } = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...process.argv.slice(2), 'tests/'], {
  cwd: dirname(fileURLToPath(import.meta.url)),
  stdio: 'inherit',
  env: { ...process.env, BENCHSCOPE_E2E_FIXTURES: fixtures },
});
process.exit(status ?? (signal ? 1 : 0));
