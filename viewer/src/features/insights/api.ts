// Insights calls: the place's insights payload and an Ask A.I. answer.
import { getJson } from '../../api/client.ts';
import type { AiAnswer, InsightsPayload, QuestionKey } from '@parcel-map/contracts/map/insights';

export function getInsights(path: string, signal?: AbortSignal): Promise<InsightsPayload> {
  return getJson<InsightsPayload>(`${path}/insights.json`, {}, signal);
}

export function askAi(path: string, question: QuestionKey, signal?: AbortSignal): Promise<AiAnswer> {
  return getJson<AiAnswer>(`${path}/ask_chatgpt`, { question_key: question }, signal);
}
