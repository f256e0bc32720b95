import {
  ExecuteRequestSchema,
  JudgeRequestSchema,
  RunTestsRequestSchema,
  WidgetRunRequestSchema,
} from '@coderoom/contracts';
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

/** A body naming a lesson widget is run with the widget's stored settings instead of its own. */
function namesWidget(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'widget' in body;
}

export function registerExecutionRoutes(app: FastifyInstance, execution: ExecutionService): void {
  app.get('/api/code/languages', async () => execution.languages());

  app.post('/api/code/execute', async (request, reply) => {
    const caller = callerOf(request, reply);
    if (namesWidget(request.body))
      return execution.executeWidget(caller, parseInput(WidgetRunRequestSchema, request.body));
    return execution.execute(caller, parseInput(ExecuteRequestSchema, request.body));
  });

  app.post('/api/code/judge', async (request, reply) => {
    const caller = callerOf(request, reply);
    if (namesWidget(request.body))
      return execution.judgeWidget(caller, parseInput(WidgetRunRequestSchema, request.body));
    return execution.judge(caller, parseInput(JudgeRequestSchema, request.body));
  });

  app.post('/api/codetest/run', async (request, reply) => {
    const caller = callerOf(request, reply);
    if (namesWidget(request.body)) {
      return execution.runWidgetTests(caller, parseInput(WidgetRunRequestSchema, request.body));
    }
    return execution.runTests(caller, parseInput(RunTestsRequestSchema, request.body));
  });
}
