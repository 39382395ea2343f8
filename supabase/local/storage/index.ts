import type { Service, StackContext } from '../types.ts';
import { sendJson } from '../http.ts';

// Placeholder until the storage service lands.
export async function createStorageService(_ctx: StackContext): Promise<Service> {
  return {
    async handle(_req, res) {
      sendJson(res, 501, { message: 'storage is not implemented yet' });
    },
  };
}
