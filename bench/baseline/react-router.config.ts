import type { Config } from '@react-router/dev/config';

// The yardstick of the page-weight benchmark: the smallest React Router app in the site's own
// rendering mode (no server rendering, '/' prerendered). The benchmark builds it into its own
// scratch folder, named by BENCH_BASELINE_BUILD.
export default {
  appDirectory: 'app',
  buildDirectory: process.env.BENCH_BASELINE_BUILD ?? 'build',
  ssr: false,
  prerender: ['/'],
} satisfies Config;
