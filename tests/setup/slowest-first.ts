import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes, in the order they start. Vitest runs the longest first when it
 * remembers durations, but a clean clone (CI) has no such memory: it would order the files by
 * project and size, and the fuzzer, started last, would run alone for minutes at the end.
 */
const SLOWEST = [
  'src/server/quality/fuzz-write-endpoints.test.ts',
  'tests/e2e/production-install.e2e.ts',
  'tests/e2e/accessibility-pages.e2e.ts',
  'tests/e2e/accessibility.e2e.ts',
  'src/server/platform/private-files.test.ts',
  'src/server/platform/db/pglite-thread-client.test.ts',
  'src/server/demo/demo-data.test.ts',
  'src/server/platform/backup/backup.test.ts',
  // Two server processes started, one killed, and a lease waited out: about a minute on CI's PostgreSQL pass.
  'src/server/quality/instance-killed.test.ts',
];

// A file moved or renamed would silently lose its place: say so instead.
for (const file of SLOWEST) if (!fs.existsSync(file)) throw new Error(`tests/setup/slowest-first.ts names ${file}, which is not there`);

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOWEST.indexOf(path.relative(this.ctx.config.root, file.moduleId));
      return index === -1 ? SLOWEST.length : index;
    };
    // A stable sort: the rest keep Vitest's own order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
