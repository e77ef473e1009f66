// Place insights routes: GET {place path}/insights.json and GET {place path}/ask_chatgpt for any place
// (/us ... neighborhood) and for a focus area of the caller's group (/g/{group}/focus/{id}). Other
// paths fall through to the routes mounted later.
import { Hono, type Context } from 'hono';
import type { CallerResolver } from '../../../auth/caller.ts';
import type { Config } from '../../../config.ts';
import type { Sql } from '../../../db/client.ts';
import { clientAddress } from '../../../auth/rate-limit.ts';
import { ApiError } from '../../../errors.ts';
import type { Logger } from '../../../logger.ts';
import { parseContextPath } from '../places/context-path.ts';
import { takeCalls } from '../../people/lookup-limits/provider-budgets.ts';
import { aiBudgets, mayAsk } from './policy.ts';
import { InsightProviders } from './providers.ts';
import { focusAreaForInsights, placeForInsights, type InsightPlace } from './queries.ts';
import { askQuery, placeQuestions, type AiAnswer, type QuestionKey } from '@parcel-map/contracts/map/insights';
import { InsightsService, questionText } from './service.ts';

const insightsPath = /^(.*)\/(insights\.json|ask_chatgpt(?:\.json)?)$/;
const focusPath = /^\/g\/([a-z0-9][a-z0-9-]{0,99})\/focus\/(\d{1,15})$/;

export function insightRoutes(deps: {
  config: Config;
  sql: Sql;
  logger: Logger;
  callers: CallerResolver;
  insights?: InsightsService;
}): Hono {
  const app = new Hono();
  const service = deps.insights ?? new InsightsService(deps.sql, new InsightProviders(deps.config, deps.logger));

  async function placeOf(c: Context, raw: string, groupId: number | undefined): Promise<InsightPlace> {
    const focus = focusPath.exec(raw);
    const place = focus
      ? await focusAreaForInsights(deps.sql, focus[1]!, Number(focus[2]), groupId)
      : await placeForInsights(deps.sql, parseContextPath(raw));
    if (!place) throw new ApiError('NOT_FOUND', `No place at ${raw.slice(0, 256)}`);
    c.header('Cache-Control', 'private, no-store');
    return place;
  }

  app.get('*', async (c, next) => {
    const match = c.req.path.startsWith('/api/') ? null : insightsPath.exec(c.req.path);
    if (!match) return next();
    const caller = await deps.callers.of(c);
    const place = await placeOf(c, match[1]!, caller.group?.id);

    if (match[2] === 'insights.json') return c.json(await service.forCaller(place, caller.level));

    const parsed = askQuery.safeParse({ question_key: c.req.query('question_key') || undefined });
    if (!parsed.success)
      throw new ApiError('BAD_REQUEST', 'Unknown question_key', { allowed: Object.keys(placeQuestions) });
    const question = parsed.data.question_key;
    if (!mayAsk(caller.level, question))
      throw new ApiError('FORBIDDEN', 'This question is available to Pro customers. Upgrade to Pro to ask it.');
    if (!service.providers.configured.ai)
      throw new ApiError('UNAVAILABLE', 'Ask A.I. is not set up on this server (AI_BASE_URL is unset)');
    let answer: string;
    try {
      answer = await service.ask(place, caller.level, question, () =>
        takeCalls(deps.sql, aiBudgets(deps.config, caller, clientAddress(c))),
      );
    } catch (error) {
      if (error instanceof ApiError) throw error;
      deps.logger.warn({ requestId: c.get('requestId'), error: (error as Error).message }, 'AI provider failed');
      throw new ApiError('UNAVAILABLE', 'The AI provider did not answer; try again');
    }
    const body: AiAnswer = {
      answer,
      questionKey: question,
      placeQuestions: Object.fromEntries(
        Object.keys(placeQuestions).map((k) => [k, questionText(k as QuestionKey, place.name)]),
      ) as AiAnswer['placeQuestions'],
    };
    return c.json(body);
  });

  return app;
}
