// The TypeScript target's own models, shared by its emitters beside the neutral SDK model: each
// operation part's type arguments, and the client's view of the wire types.
import type { Spec } from '../../pipeline/model.ts';
import type { Derived } from '../../sdk-model/derive.ts';
import { clientViewSource, operationGenerics, type ViewSource } from './types.ts';

export interface TsModels {
  /** The TypeScript type arguments of each operation's messages (the types module's names). */
  generics: ReturnType<typeof operationGenerics>;
  /** The client's view of the wire types (branded ids, unions that narrow): client/src/views.ts. */
  clientViews: ViewSource;
}

export type TsDerived = Derived & TsModels;

const bySpec = new WeakMap<Spec, Partial<TsModels>>();

/** `derived` with the TypeScript models beside it, each computed once per spec on its first read. */
export function withTsModels(spec: Spec, derived: Derived): TsDerived {
  let kept = bySpec.get(spec);
  if (!kept) bySpec.set(spec, (kept = {}));
  const models = kept;
  const view = Object.create(derived) as TsDerived;
  Object.defineProperty(view, 'generics', { get: () => (models.generics ??= operationGenerics(spec)) });
  Object.defineProperty(view, 'clientViews', { get: () => (models.clientViews ??= clientViewSource(spec)) });
  return view;
}
