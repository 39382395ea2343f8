/**
 * What the app's builds use in place of @supabase/realtime-js (aliased in web/vite.config.ts and
 * wxt.config.ts). The product opens no Realtime channel (the local stack has no realtime service),
 * yet supabase-js builds a RealtimeClient in every client: realtime-js and its phoenix dependency
 * were 57 KB (minified) of the supabase-js chunk every signed-in first load downloads, compiles and
 * runs. supabase-js calls setAuth on sign-in, refresh and sign-out; asking for a
 * channel fails loudly, so a future use of Realtime is noticed at once rather than silently dead.
 */
export class RealtimeClient {
  setAuth(): Promise<void> {
    return Promise.resolve();
  }

  channel(): never {
    throw new Error('Realtime is not part of this app: remove the @supabase/realtime-js alias to use it.');
  }

  getChannels(): [] {
    return [];
  }

  removeChannel(): Promise<'ok'> {
    return Promise.resolve('ok');
  }

  removeAllChannels(): Promise<[]> {
    return Promise.resolve([]);
  }
}
