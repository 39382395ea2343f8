export class MessageWriter {
  constructor(size?: number);
  reset(): void;
  message(): Uint8Array;
  parse(name: string, sql: string): void;
  bind(statement: string, values: (string | null | undefined)[]): void;
  closeStatement(name: string): void;
  describePortal(): void;
  execute(): void;
  sync(): void;
}

export class AnswerBuffer {
  constructor(size?: number);
  reset(): void;
  push(chunk: Uint8Array): number;
  bytes(): Uint8Array;
}

export interface Answer {
  error: (Error & Record<string, unknown>) | null;
  fields: { name: string; dataTypeID: number }[] | null;
  rows: (string | null)[][];
  tag: string;
  parsed: boolean;
}
export function readAnswers(bytes: Uint8Array): Answer[];
