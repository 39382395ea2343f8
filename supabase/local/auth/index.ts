import type { Service, StackContext } from '../types.ts';
import { sendJson } from '../http.ts';

// Placeholder until the auth service lands.
export async function createAuthService(_ctx: StackContext): Promise<Service> {
  return {
    async handle(_req, res) {
      sendJson(res, 501, { message: 'auth is not implemented yet' });
    },
  };
}
