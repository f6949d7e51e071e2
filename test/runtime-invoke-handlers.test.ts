// runtime/service.ts invokeHandlers on its own: the operation's method of the handlers object is
// called on that object (a class's methods keep their `this`), and a missing method is an error.
import { describe, expect, it } from 'vitest';
import { invokeHandlers, type OperationInput } from '../generator/targets/typescript/runtime/service.ts';

class Contacts {
  readonly calls: string[] = [];
  constructor(readonly prefix: string) {}
  async getContact(input: OperationInput, context: { user: string }) {
    this.calls.push(`${context.user}:${input.id}`);
    return { name: `${this.prefix}${input.id}` };
  }
}

describe('invokeHandlers', () => {
  it('calls the method named by the operation on the handlers object, with input and context', async () => {
    const handlers = new Contacts('contact ');
    const invoke = invokeHandlers<{ user: string }>(handlers);
    await expect(invoke('getContact', { kind: 'contacts', id: 7 }, { user: 'ann' })).resolves.toEqual({
      name: 'contact 7',
    });
    expect(handlers.calls).toEqual(['ann:7']);
  });

  it('throws for an operation the object has no method for, and for a non-function member', () => {
    const invoke = invokeHandlers(new Contacts(''));
    expect(() => invoke('deleteContact', {}, {})).toThrow('the handlers have no method deleteContact');
    expect(() => invoke('prefix', {}, {})).toThrow('the handlers have no method prefix');
  });
});
