// Personal results by `userToken` (an addition of the reference service).

/** Answer of `DELETE /v2/indices/{key}/users/{userToken}` (an addition of the reference service). */
export interface ForgetUserResponse {
  userToken: string;
  /** Whether the index kept a profile of that user (it keeps none now). */
  forgotten: boolean;
}
