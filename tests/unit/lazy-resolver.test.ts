import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from '../../shared/ui/lazy-resolver.ts';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the real resolver once, on first use, and answers with it', async () => {
    const real = vi.fn<Resolver<Values>>((values) => Promise.resolve({ values, errors: {} }));
    const load = vi.fn(() => Promise.resolve(real));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ name: 'a' }, undefined, options)).toEqual({ values: { name: 'a' }, errors: {} });
    await resolver({ name: 'b' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(real).toHaveBeenCalledTimes(2);
    expect(real.mock.calls[1][0]).toEqual({ name: 'b' });
  });

  it('preload starts the load without validating, and a later call reuses it', async () => {
    const real = vi.fn<Resolver<Values>>((values) => Promise.resolve({ values, errors: {} }));
    const load = vi.fn(() => Promise.resolve(real));
    const resolver = lazyResolver(load);
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ name: 'a' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load rejects that call and is tried again on the next (a preload failure is silent)', async () => {
    const real: Resolver<Values> = (values) => Promise.resolve({ values, errors: {} });
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(real);
    const resolver = lazyResolver(load);
    resolver.preload();
    // The submit that comes while the preload is failing shares its answer.
    await expect(resolver({ name: 'a' }, undefined, options)).rejects.toThrow('offline');
    expect(await resolver({ name: 'a' }, undefined, options)).toEqual({ values: { name: 'a' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
