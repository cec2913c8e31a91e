import { deferredPort } from './deferredPort';
import { createLocalBackend } from './local/localBackend';
import { createLocalExports } from './local/localExports';
import { createLocalAuditLogs, createLocalUserManagement } from './local/localUsersAudit';

interface Greeter {
  greet(name: string): Promise<string>;
  count(): Promise<number>;
}

describe('deferredPort', () => {
  it('loads the adapter on the first call only, and calls through with the arguments', async () => {
    const load = jest.fn(async (): Promise<Greeter> => ({ greet: async (name) => `hello ${name}`, count: async () => 3 }));
    const port = deferredPort<Greeter>(load, ['greet', 'count']);
    expect(load).not.toHaveBeenCalled();
    await expect(port.greet('Ada')).resolves.toBe('hello Ada');
    await expect(port.count()).resolves.toBe(3);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed (a chunk that could not be fetched)', async () => {
    const load = jest
      .fn<Promise<Greeter>, []>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ greet: async () => 'hi', count: async () => 0 });
    const port = deferredPort<Greeter>(load, ['greet', 'count']);
    await expect(port.greet('x')).rejects.toThrow('Failed to fetch');
    await expect(port.greet('x')).resolves.toBe('hi');
  });
});

describe('the local backend defers its signed-in ports', () => {
  const config = { apiBaseUrl: '/api', authBaseUrl: '/auth', apiTimeoutMs: 1000 } as Parameters<typeof createLocalBackend>[0];
  const api = { apiBaseUrl: '/api', timeoutMs: 1000, getToken: async () => null };

  it('with every method of the adapters they stand for', () => {
    const backend = createLocalBackend(config);
    const methods = (port: object) => Object.keys(port).sort();
    expect(methods(backend.userManagement)).toEqual(methods(createLocalUserManagement(api)));
    expect(methods(backend.auditLogs)).toEqual(methods(createLocalAuditLogs(api)));
    expect(methods(backend.exports)).toEqual(methods(createLocalExports(api)));
  });
});
