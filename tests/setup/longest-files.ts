import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Where each run leaves its files' times, longest first, for `.ci/run` and for whoever tunes the suite. */
export const DURATIONS_FILE = 'test-results/file-durations.tsv';

/**
 * Writes every file's time (import, setup and tests) and prints the ten longest at the end of
 * the run: where a slower run's minutes went, without a second run to find out.
 */
export class LongestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows = modules
      .map((module) => {
        const diagnostic = module.diagnostic();
        const seconds = (diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration) / 1000;
        return { seconds, file: `${module.project.name}\t${module.relativeModuleId}` };
      })
      .sort((a, b) => b.seconds - a.seconds);
    if (rows.length === 0) return;
    fs.mkdirSync(path.dirname(DURATIONS_FILE), { recursive: true });
    fs.writeFileSync(DURATIONS_FILE, rows.map((row) => `${row.seconds.toFixed(1)}\t${row.file}\n`).join(''));
    console.log('\nThe ten longest files (seconds, project, file):');
    for (const row of rows.slice(0, 10)) console.log(`  ${row.seconds.toFixed(1).padStart(6)}  ${row.file.replace('\t', '  ')}`);
  }
}
