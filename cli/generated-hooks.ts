// Module hooks of crmgen serve --spec (registered by spec-cache.ts): a module resolved inside
// this installation's generated/ is loaded from the same path in the folder generated for the spec.
let from = '';
let to = '';

export function initialize(data: { from: string; to: string }): void {
  ({ from, to } = data);
}

type Resolved = { url: string; format?: string | null; shortCircuit?: boolean };

export async function resolve(specifier: string, context: unknown, next: (specifier: string, context: unknown) => Promise<Resolved>): Promise<Resolved> {
  const resolved = await next(specifier, context);
  return resolved.url.startsWith(from) ? { ...resolved, url: to + resolved.url.slice(from.length) } : resolved;
}
