/**
 * The stand-in of an SDK client made on first use (functions/lib/clients/lazy.ts): nothing is made
 * at module load, one client is made at the first touch, and everything goes to that client.
 */
import { describe, expect, it, vi } from 'vitest';
import { lazy } from '../../../functions/lib/clients/lazy';

class FakeClient {
  config = { region: 'eu-west-1' };
  handlers?: WeakMap<object, unknown>;
  calls: string[] = [];
  send(command: string): Promise<string> {
    this.calls.push(command);
    this.handlers ??= new WeakMap();
    return Promise.resolve(`${this.config.region}:${command}`);
  }
}

describe('lazy client', () => {
  it('is made at the first touch, once', async () => {
    const make = vi.fn(() => new FakeClient());
    const client = lazy(make);
    expect(make).not.toHaveBeenCalled();
    expect(await client.send('a')).toBe('eu-west-1:a');
    expect(await client.send('b')).toBe('eu-west-1:b');
    expect(client.config.region).toBe('eu-west-1');
    expect(make).toHaveBeenCalledTimes(1);
    expect(client.calls).toEqual(['a', 'b']);
  });

  it('forwards writes, deletes, `in`, instanceof and property definitions to the one client', async () => {
    const client = lazy(() => new FakeClient());
    expect(client).toBeInstanceOf(FakeClient);
    expect(client.send).toBe(client.send);
    await client.send('x');
    expect('handlers' in client).toBe(true);
    delete client.handlers;
    expect('handlers' in client).toBe(false);
    client.config = { region: 'us-east-2' };
    expect(await client.send('y')).toBe('us-east-2:y');
  });

  it('can be spied on like the client itself (as the unit tests do with `ddb.send`)', async () => {
    const client = lazy(() => new FakeClient());
    const spy = vi.spyOn(client, 'send').mockResolvedValue('mocked');
    expect(await client.send('z')).toBe('mocked');
    expect(spy).toHaveBeenCalledWith('z');
    spy.mockRestore();
    expect(await client.send('z')).toBe('eu-west-1:z');
  });
});
