import { inject } from 'vitest';

export interface TestStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Mail catcher base URL: GET /api/messages?to=addr */
  mailUrl: string;
  dataDir: string;
}

export function testStack(): TestStack {
  return inject('stack');
}
