import { apiUrl, type ApiContext } from './apiContext.ts';
import { USER_TOKEN_MAX_CHARS } from './limits.ts';
import type { RequestOptions } from './request.ts';
import { sendRequest } from './sendRequest.ts';
import type { ForgetUserResponse } from './types.ts';
import { checkRequired, invalidParameter } from './validate.ts';

// Personal results by userToken (an addition of the reference service), HTTP Basic.

/** `DELETE /v2/indices/{key}/users/{userToken}`: forgets what the index keeps of one user for personal results. */
export async function forgetUser(context: ApiContext, userToken: string, options?: RequestOptions): Promise<ForgetUserResponse> {
  checkRequired('userToken', userToken);
  if (userToken.length > USER_TOKEN_MAX_CHARS) throw invalidParameter('userToken', `userToken must have at most ${USER_TOKEN_MAX_CHARS} characters`);
  const answer = await sendRequest<ForgetUserResponse>(
    context.transport,
    { method: 'DELETE', url: apiUrl(context, 'indexing', `/v2/indices/{key}/users/${encodeURIComponent(userToken)}`), authorization: context.authorization },
    options,
  );
  return answer.body ?? { userToken, forgotten: false };
}
