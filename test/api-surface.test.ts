// The API surface reads the client's and types' modules with a small parser
// (generator/emit/surface-syntax.ts) instead of TypeScript's: both must see the same
// declarations, printed alike, on every module the surface reads (the spec and each scenario
// spec), and on made-up modules using the syntax the emitters write; what the small parser does
// not know goes to TypeScript's.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadSpec } from '../generator/pipeline/load.ts';
import { emitAll } from '../generator/pipeline/generate.ts';
import { emitApiSurface, readers } from '../generator/targets/typescript/api-surface.ts';
import { lightView, typescriptView, Unknown } from '../generator/targets/typescript/surface-syntax.ts';
import { baseDir, readScenario, scenarioFiles, scenarioSpecFiles } from './support/scenarios.ts';
import { root } from './support/paths.ts';

const both = (text: string) => expect(lightView(text)).toEqual(typescriptView('/m.ts', text));

describe('api-surface reader', () => {
  it('reads every module of the spec and the scenario specs with the small parser, as TypeScript does', () => {
    const specs = [loadSpec(join(root, 'spec')), ...scenarioFiles().map((f) => loadSpec(baseDir, { files: scenarioSpecFiles(readScenario(f).spec) }))];
    for (const spec of specs) {
      // The surface reads what the packages compile (a laid-out file's ts-morph source), as generate hands it over.
      const files = emitAll(spec, undefined, ['types', 'client']).map((f) => ({ ...f, content: f.source ?? f.content }));
      emitApiSurface(files.map((f) => ({ ...f, content: `${f.content}\n` })));
      expect(readers.size).toBeGreaterThan(5);
      for (const [path, reader] of readers) {
        expect(reader, path).toBe('light');
        const text = files.find((f) => path.endsWith(`/${f.path}`))!.content;
        expect(lightView(text), path).toEqual(typescriptView(path, text));
      }
    }
  });

  it('prints types as TypeScript prints them', () =>
    both(`import type * as T from "./t.ts";
export type A = | 'a' | "b" | 1 | -2 | true | null;
export type B<K extends T.Kind = T.Kind> = Omit<T.X<K>, "a" | "b"> & { a?: readonly string[]; "b-c": Array<{ d: number, e?: { f: 0 | 1 } }>; [key: string]: unknown };
export type C = { [X in keyof T.Map]: T.Entry<X> & { id: X } }[keyof T.Map];
export type D<S> = S extends \`items.\${ string }\` ? (a: S, b?: number, ...c: string[]) => Promise<void> : never;
export type E = keyof T.A extends string ? T.B<undefined, this> : void;
export type F = { readonly [K in T.Key as \`get\${K}\`]?: () => K; };
export type G = (string | number)[] | T.X["a"][number] | keyof typeof x | \`plain\` | {} | <U>(u: U) => U;
export type H = ({ event: 'a'; x?: 1 } | { event?: undefined });
export interface I<T extends object = {}> extends T.A<T>, B {
    /** A doc comment. */
    readonly a: string;
    b?: number, // a trailing comment
    m?<K>(k: K, options?: T.Options): T.Result<K>;
    (call: string): void;
    [index: number]: string;
    new: boolean;
}
interface Local { x: 1 }
type LocalType = 1;
const local = 1, other = { a: [1, 2] };
declare module './runtime.ts' {
    interface Augmented { a: 1 }
}
function helper(a: string): string {
    return \`\${a}\${{ b: 1 }.b}\`;
}
export function f<N extends T.Kind>(name: N, id: number, options: T.Options = {}, n = -1): N extends T.Kind ? T.R<N> : never;
export function f(name: string, id: number): unknown {
    if (id) {
        return { name };
    }
    return helper(name);
}
export const table = { a: { status: 404, message: "Not found" }, "b-c": 'x', d: [1, "two"], e: -3 } as const;
export const list = ["a", 'b', \`c\`] as const, one = 1;
export const typed: T.Typed<string> = { a: () => 1 };
export const plain = "text";
export { a, b as c, type D } from "./d.ts";
export type { E } from './e.ts';
export * from "./f.ts";
export type * as G from "./g.ts";
export { local };
`));

  it('leaves to TypeScript what it does not know', () => {
    for (const text of [
      'export class C { a = 1; }',
      'export type T = [a: string, b?: number];',
      'export type P = (x: unknown) => x is string;',
      'export function f({ a }: { a: 1 }): void {}',
      'export const re = /a/;',
      'export function g(): number { return 1 / 2; }',
      'export enum E { A }',
      'export type I = typeof import("./x.ts");',
      'export type N = new () => object;',
    ]) {
      expect(() => lightView(text), text).toThrow(Unknown);
      typescriptView('/m.ts', text);
    }
  });
});
