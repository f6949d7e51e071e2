// Runs every bench/*.bench.ts in sequence (never in parallel: they would time each other) and prints
// one table. Each file's default export is an async function returning rows; ratios are against the
// baseline each benchmark measures in the same run. Run: npm run bench (tsx bench/run.ts).
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, type Bench, type Row } from './lib.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));
const rows: Row[] = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  process.stderr.write(`bench: ${file}\n`);
  const bench = ((await import(pathToFileURL(dir + file).href)) as { default: Bench }).default;
  rows.push(...(await bench()));
}
console.log(formatTable(rows));
