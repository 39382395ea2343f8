import type { Service, StackContext } from '../types.ts';
import { sendJson } from '../http.ts';

// Placeholder until the functions service lands.
export async function createFunctionsService(_ctx: StackContext): Promise<Service> {
  return {
    async handle(_req, res) {
      sendJson(res, 501, { message: 'functions is not implemented yet' });
    },
  };
}
