// The body of every error answer and its codes.

/** Machine-readable error codes of the reference service. */
export type ErrorCode =
  | 'invalid_parameter'
  | 'invalid_body'
  | 'custom_field_type_conflict'
  | 'crawl_running'
  | 'crawl_not_held'
  | 'unauthorized'
  | 'forbidden'
  | 'index_exists'
  | 'index_in_config'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'request_timeout'
  | 'uri_too_long'
  | 'headers_too_large'
  | 'overloaded'
  | 'origin_not_allowed'
  | 'unavailable'
  | 'insufficient_storage'
  | 'internal_error';

/** The body of every error answer. */
export interface ApiErrorBody {
  error: {
    status: number;
    code: ErrorCode | (string & {});
    message: string;
    /** The parameter or field at fault, where there is one. */
    parameter?: string;
    /** One entry per problem when there are several, e.g. each invalid document of a batch. */
    errors?: ApiErrorDetail[];
  };
}

/** One problem among several in an error answer. */
export interface ApiErrorDetail {
  /** Position (from 0) of the document in the batch, where the problem is in one. */
  position?: number;
  /** The field at fault, e.g. `doc_date` or `custom_fields.price`. */
  parameter?: string;
  message: string;
}
