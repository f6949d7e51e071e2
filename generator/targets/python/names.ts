// Naming rules of the Python SDK, in one place: the distribution and import names of the package
// (PEP 503 / PEP 8 spellings of the spec's client package name), classes in PascalCase, methods
// and modules in snake_case, and the names of the generated types, from the API's own vocabulary.
import type { Kind, Operation, Spec } from '../../pipeline/model.ts';

export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

export const snake = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();

/** The distribution name (pip install ...): the npm name, normalized as PEP 503 does. */
export const distributionName = (spec: Spec) => spec.packages.client.name.toLowerCase().replace(/[-_.]+/g, '-');
/** The import name: the distribution name as a Python identifier. */
export const importName = (spec: Spec) => distributionName(spec).replace(/-/g, '_');

export const pythonKeywords = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);
/** Can this name be a TypedDict class member (else the functional syntax is used)? */
export const identifier = (name: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !pythonKeywords.has(name);

/** The id type of a record kind: contacts -> ContactId. */
export const recordIdType = (k: Kind) => `${pascal(k.singular)}Id`;
/** The id type of an activity segment: task -> TaskId. */
export const activityIdType = (segment: string) => `${pascal(segment)}Id`;
/** The parent id type of a segment: task -> TaskParentId. */
export const parentIdType = (segment: string) => `${pascal(segment)}ParentId`;
/** A value list's Literal alias: currencies -> Currencies. */
export const valueListType = (list: string) => pascal(list);

/** The TypedDict of an operation part, in a kind's or segment's scope when its shape depends on it. */
export const partType = (op: Operation, part: 'params' | 'request' | 'response', scope: string) =>
  `${scope}${pascal(op.id)}${pascal(part)}`;

/** The method of an operation: the last part of its client name, in snake_case. */
export const methodName = (op: Operation) => snake(op.client.split('.').at(-1)!);
