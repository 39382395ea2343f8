import type { Service, StackContext } from '../types.ts';
import { sendJson } from '../http.ts';

// Placeholder until the rest service lands.
export async function createRestService(_ctx: StackContext): Promise<Service> {
  return {
    async handle(_req, res) {
      sendJson(res, 501, { message: 'rest is not implemented yet' });
    },
  };
}
