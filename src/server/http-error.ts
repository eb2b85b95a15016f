/** An error the central handler answers with its status and message (4xx pass their message; app.ts). */
export function httpError(statusCode: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode });
}
