import { ExecuteRequestSchema, JudgeRequestSchema, RunTestsRequestSchema } from '@coderoom/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { Caller, ExecutionService } from './execution.service.js';

/** A run stops when the learner goes away: the sandbox is killed as soon as the connection closes. */
function callerOf(request: FastifyRequest, reply: FastifyReply): Caller {
  const auth = requireUser(request);
  const controller = new AbortController();
  // The response closing before it was fully written means the client hung up.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return { auth, signal: controller.signal };
}

export function registerExecutionRoutes(app: FastifyInstance, execution: ExecutionService): void {
  app.get('/api/code/languages', async () => execution.languages());

  app.post('/api/code/execute', async (request, reply) => {
    const caller = callerOf(request, reply);
    return execution.execute(caller, parseInput(ExecuteRequestSchema, request.body));
  });

  app.post('/api/code/judge', async (request, reply) => {
    const caller = callerOf(request, reply);
    return execution.judge(caller, parseInput(JudgeRequestSchema, request.body));
  });

  app.post('/api/codetest/run', async (request, reply) => {
    const caller = callerOf(request, reply);
    return execution.runTests(caller, parseInput(RunTestsRequestSchema, request.body));
  });
}
