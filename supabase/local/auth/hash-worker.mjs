// A password-hashing worker (node:worker_threads) of the auth service's pool (hash-pool.ts).
// bcrypt is tens of milliseconds of CPU per call by design; run on the stack's only HTTP thread it
// would make every other request wait behind sign-ins. Messages:
//   { id, op: 'hash', password, cost } → { id, ok: true, result: hash }
//   { id, op: 'compare', password, hash } → { id, ok: true, result: boolean }
// and { id, ok: false, error } for anything that throws.
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

const port = parentPort;

port.on('message', (m) => {
  try {
    const result = m.op === 'hash' ? bcrypt.hashSync(m.password, m.cost) : bcrypt.compareSync(m.password, m.hash);
    port.postMessage({ id: m.id, ok: true, result });
  } catch (e) {
    port.postMessage({ id: m.id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
