import { ExecuteRequestSchema, JudgeRequestSchema, RunTestsRequestSchema } from '@coderoom/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/validation.js';
import type { Caller, ExecutionService } from './execution.service.js';

/** A run stops when the learner goes away: the sandbox is killed as soon as the connection closes. */
function callerOf(request: FastifyRequest, reply: FastifyReply): Caller {
  const controller = new AbortController();
  // The response closing before it was fully written means the client hung up.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return { auth: request.auth, ip: request.ip, signal: controller.signal };
}

export function registerExecutionRoutes(app: FastifyInstance, execution: ExecutionService): void {
  app.get('/api/code/languages', async () => execution.languages());

  app.post('/api/code/execute', async (request, reply) =>
    execution.execute(callerOf(request, reply), parseInput(ExecuteRequestSchema, request.body)),
  );

  app.post('/api/code/judge', async (request, reply) =>
    execution.judge(callerOf(request, reply), parseInput(JudgeRequestSchema, request.body)),
  );

  app.post('/api/codetest/run', async (request, reply) =>
    execution.runTests(callerOf(request, reply), parseInput(RunTestsRequestSchema, request.body)),
  );
}
