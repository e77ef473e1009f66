// Storage of what visitors send: search feedback and place requests, read by admins in their lists.
import type { Sql } from '../../../db/client.ts';

export async function insertSearchFeedback(
  sql: Sql,
  feedback: { query: string; additional_information: string },
  userId: number | null,
): Promise<void> {
  await sql`
    INSERT INTO search_feedback (query, additional_information, user_id)
    VALUES (${feedback.query}, ${feedback.additional_information}, ${userId})`;
}

export async function insertPlaceRequest(
  sql: Sql,
  request: { path: string; name: string; contact: string; comment: string },
  userId: number | null,
): Promise<void> {
  await sql`
    INSERT INTO place_requests (path, name, contact, comment, user_id)
    VALUES (${request.path}, ${request.name}, ${request.contact}, ${request.comment}, ${userId})`;
}
