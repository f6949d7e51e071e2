// The formatter step of the Python target: ruff's formatter (the WebAssembly build, from npm) at
// the line length pyproject.toml states, loaded on the first Python file that needs formatting.
import type { Formatter } from '../contract.ts';

let workspace: Promise<{ format(text: string): string }> | undefined;

const ruff = () =>
  (workspace ??= import('@astral-sh/ruff-wasm-nodejs').then(
    ({ Workspace, PositionEncoding }) =>
      new Workspace({ 'line-length': 120, 'target-version': 'py311' }, PositionEncoding.Utf16),
  ));

export const formatPython: Formatter = async (text, path) => {
  try {
    return (await ruff()).format(text);
  } catch (e) {
    throw new Error(`ruff could not format ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
};
