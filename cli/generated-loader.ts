// Module hooks of crmgen serve --spec (registered by spec-cache.ts): a module resolved inside
// this installation's generated/ is loaded from the same path in the folder generated for the spec.
let from = '';
let to = '';

export function initialize(data: { from: string; to: string }): void {
  ({ from, to } = data);
}

type Resolved = { url: string; format?: string | null; shortCircuit?: boolean };

export async function resolve(
  specifier: string,
  context: { parentURL?: string | undefined },
  next: (specifier: string, context: unknown) => Promise<Resolved>,
): Promise<Resolved> {
  // A generated module importing a neighbour resolves where it is: the spec's own modules (those
  // of a new activity type: codecs/activities/memo.ts) exist only in the folder generated for it.
  if (context.parentURL?.startsWith(to) && (specifier.startsWith('./') || specifier.startsWith('../')))
    return next(specifier, context);
  // A package imported from the generated folder (busboy) resolves as if from the installation.
  const parentURL = context.parentURL?.startsWith(to) ? from + context.parentURL.slice(to.length) : context.parentURL;
  const resolved = await next(specifier, { ...context, parentURL });
  return resolved.url.startsWith(from) ? { ...resolved, url: to + resolved.url.slice(from.length) } : resolved;
}
