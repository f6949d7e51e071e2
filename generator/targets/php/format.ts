// The formatter step of the PHP target: prettier (the version the project pins) with its PHP
// plugin, on every file of format 'php'.
import type { Formatter } from '../contract.ts';

let loaded: Promise<[typeof import('prettier'), unknown]> | undefined;

export const formatPhp: Formatter = async (text) => {
  loaded ??= Promise.all([import('prettier'), import('@prettier/plugin-php').then((m) => m.default ?? m)]);
  const [prettier, plugin] = await loaded;
  return prettier.format(text, {
    parser: 'php',
    plugins: [plugin as string],
    printWidth: 120,
    singleQuote: true,
    phpVersion: '8.1',
  } as never);
};
