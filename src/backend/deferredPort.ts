// A port whose adapter loads on its first call: the ports only signed-in pages use (user management, audit
// logs, exports) stay out of the login route's JavaScript. Every method of such a port returns a promise,
// so waiting for the module changes nothing for the caller.
type AsyncMethods<P> = { [K in keyof P]-?: NonNullable<P[K]> extends (...args: never[]) => Promise<unknown> ? K : never }[keyof P];

export function deferredPort<P extends Partial<Record<AsyncMethods<P>, (...args: never[]) => Promise<unknown>>>>(
  load: () => Promise<P>,
  methods: readonly AsyncMethods<P>[],
): P {
  let loading: Promise<P> | undefined;
  const port = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed chunk load is retried on the next call
      throw error;
    }));
  const deferred = {} as Record<AsyncMethods<P>, unknown>;
  for (const method of methods) {
    deferred[method] = async (...args: never[]) => {
      const loaded = await port();
      return (loaded[method] as (...args: never[]) => Promise<unknown>).apply(loaded, args);
    };
  }
  return deferred as P;
}
