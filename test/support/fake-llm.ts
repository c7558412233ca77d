/**
 * A local stand-in for the judge's model provider: speaks the Anthropic Messages and the
 * OpenAI chat-completions request shapes, records every request, and answers with whatever the
 * test's responder returns for it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** What the model "says": a structured verdict, or raw text (which may be anything). */
export type ModelAnswer = { verdict: unknown } | { text: string } | { status: number };

export type Responder = (request: RecordedRequest) => ModelAnswer;

export interface FakeLlm {
  url: string;
  requests: RecordedRequest[];
  respond(responder: Responder): void;
  close(): Promise<void>;
}

function anthropicBody(answer: ModelAnswer): unknown {
  if ('verdict' in answer)
    return {
      content: [{ type: 'tool_use', id: 'tu_1', name: 'record_verdict', input: answer.verdict }],
      stop_reason: 'tool_use',
    };
  return { content: [{ type: 'text', text: 'text' in answer ? answer.text : '' }], stop_reason: 'end_turn' };
}

function openAiBody(answer: ModelAnswer): unknown {
  const content = 'verdict' in answer ? JSON.stringify(answer.verdict) : 'text' in answer ? answer.text : '';
  return { choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] };
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = () => ({ status: 500 });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(recorded);
      const answer = responder(recorded);
      if ('status' in answer) {
        res
          .writeHead(answer.status, { 'content-type': 'application/json' })
          .end('{"error":{"message":"overloaded"}}');
        return;
      }
      const body = recorded.path.endsWith('/chat/completions') ? openAiBody(answer) : anthropicBody(answer);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(next) {
      responder = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The verdict schema a request carries (Anthropic tool input schema, or OpenAI response format). */
export function requestedSchema(request: RecordedRequest): Record<string, unknown> {
  const tools = request.body.tools as { input_schema: Record<string, unknown> }[] | undefined;
  if (tools) return tools[0]!.input_schema;
  return (request.body.response_format as { json_schema: { schema: Record<string, unknown> } }).json_schema
    .schema;
}

/** A valid, middling verdict for whichever prompt the request is for. */
export function validVerdict(request: RecordedRequest): unknown {
  const schema = requestedSchema(request);
  const properties = schema.properties as Record<string, { enum?: unknown[]; type?: string }>;
  return Object.fromEntries(
    Object.entries(properties).map(([key, property]) => {
      if (property.enum) return [key, 4];
      if (property.type === 'array') return [key, []];
      return [key, key.endsWith('_quote') ? '' : 'Fine.'];
    }),
  );
}

/** A responder that always answers with a valid verdict. */
export const answerValidly: Responder = (request) => ({ verdict: validVerdict(request) });
