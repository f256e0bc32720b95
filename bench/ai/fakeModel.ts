// A stand-in OpenAI-compatible endpoint for `bench:ai` (docs/ai.md): POST /v1/chat/completions, streamed
// as server-sent events like OpenAI, llama.cpp and vLLM, and POST /v1/embeddings (the tests' deterministic
// hashed bag-of-concepts vectors, apps/server/src/test/fakeEmbeddings.ts). It "answers" from the passages in the prompt (the
// first sentence of passage [1], cited), a few words per chunk, FAKE_MODEL_CHUNK_MS apart. It measures
// our side of the model path (SDK, HTTP, streaming, fallback), not how fast a real model writes.
//
//   npx tsx bench/ai/fakeModel.ts            # prints AI_BASE_URL=http://127.0.0.1:<port>/v1 and serves
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeEmbeddingsResponse } from '@coderoom/server';

export interface FakeModel {
  baseUrl: string;
  close(): Promise<void>;
}

function chunk(content: string): string {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'bench-fake',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  })}\n\n`;
}

/** The answer a grounded model would give at its simplest: passage [1]'s first sentence, cited. */
export function groundedReply(prompt: string): string {
  const first = /\[1\] ([^\n]+)\n([\s\S]*?)(?:\n\n---\n\n|\n\nQuestion:)/.exec(prompt);
  if (!first) return 'The passages do not answer this question.';
  const sentence = /^[\s\S]*?[.!?](?=\s|$)/.exec(first[2]?.trim() ?? '')?.[0] ?? first[2]?.trim() ?? '';
  return `${sentence} [1]\n\nSee ${first[1]}.`;
}

async function handle(request: IncomingMessage, response: ServerResponse, chunkMs: number): Promise<void> {
  let body = '';
  for await (const part of request) body += part;
  if (request.method === 'POST' && request.url?.endsWith('/embeddings')) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(fakeEmbeddingsResponse(JSON.parse(body))));
    return;
  }
  if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: 'not found' } }));
    return;
  }
  const { messages } = JSON.parse(body) as { messages: Array<{ role: string; content: string }> };
  const prompt = messages.find((message) => message.role === 'user')?.content ?? '';
  const words = groundedReply(prompt).split(/(?<= )/);
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (let index = 0; index < words.length; index += 4) {
    if (chunkMs > 0 && index > 0) await new Promise((resolve) => setTimeout(resolve, chunkMs));
    response.write(chunk(words.slice(index, index + 4).join('')));
  }
  response.end('data: [DONE]\n\n');
}

export async function startFakeModel(
  chunkMs = Number(process.env.FAKE_MODEL_CHUNK_MS ?? 0),
): Promise<FakeModel> {
  const server = createServer((request, response) => {
    handle(request, response, chunkMs).catch(() => response.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeModel();
  console.log(`AI_BASE_URL=${fake.baseUrl} AI_MODEL=bench-fake`);
}
